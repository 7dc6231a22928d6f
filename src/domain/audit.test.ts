import { type AuditEvent, historyText } from './audit'

const text = historyText({
  t: (id) => id,
  known: () => false,
  calendar: 'gregorian',
  language: 'en',
})

const transfer = (details: Record<string, unknown>): AuditEvent =>
  ({
    seq: 7,
    at: '2026-11-26T08:00:00.000Z',
    actor_id: 1,
    actor_username: 'admin',
    action: 'member_transfer',
    member_id: 12,
    subject_user_id: 3,
    details,
  }) as unknown as AuditEvent

describe('history words', () => {
  it('names both accounts of a transfer', () => {
    const [change] = text.changes(
      transfer({
        changes: { owner_user_id: [2, 3] },
        from_username: 'hanna',
        to_username: 'dawit',
      }),
    )
    expect(change).toMatchObject({ field: 'owner_user_id', before: 'hanna', after: 'dawit' })
  })

  it('falls back to the earlier owner id for events recorded before names were kept', () => {
    const [change] = text.changes(
      transfer({ changes: { owner_user_id: [2, 3] }, to_username: 'dawit' }),
    )
    expect(change).toMatchObject({ before: '2', after: 'dawit' })
  })

  it('names the church profile fields and values by their messages, never by column', () => {
    const messages: Record<string, string> = {
      churchNameAm: 'Church name in Amharic',
      churchIdCardLanguages: 'ID card languages',
      'churchIdCardLanguages.om_am': 'Afaan Oromoo and Amharic',
      churchStandingKind: 'Rule',
      'churchStanding.max_unpaid': 'At most so many months unpaid',
      churchLogo: 'Church logo',
      historyNewLogo: 'New logo',
    }
    const words = historyText({
      t: (id) => messages[id] ?? id,
      known: (id) => id in messages,
      calendar: 'gregorian',
      language: 'en',
    })
    const changes = words.changes({
      ...transfer({
        changes: {
          name_am: ['', 'ደብረ ሰላም'],
          id_card_languages: ['reader', 'om_am'],
          standing_kind: ['last_paid', 'max_unpaid'],
          logo_version: [null, '9f2c4e1a7b3d5f60'],
        },
      }),
      action: 'church_update',
    })
    expect(changes.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['Church name in Amharic', '—', 'ደብረ ሰላም'],
      ['ID card languages', 'reader', 'Afaan Oromoo and Amharic'],
      ['Rule', 'last_paid', 'At most so many months unpaid'],
      ['Church logo', '—', 'New logo'],
    ])
  })
})
