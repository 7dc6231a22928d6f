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
})
