import { devToolsOptions, redact } from './devTools'

const ID = '0123456789abcdef0123456789abcdef'

describe('what Redux DevTools may show and record', () => {
  it('removes the token, passwords and image data', () => {
    const state = {
      auth: { token: 'eyJhbGciOi.x.y', user: { id: 1, username: 'alice' } },
      form: { password: 'secret', photoDataUrl: 'data:image/jpeg;base64,AAAA' },
      note: 'data:image/png;base64,BBBB',
    }
    expect(redact(state)).toEqual({
      auth: { token: '[redacted]', user: { id: 1, username: 'alice' } },
      form: { password: '[redacted]', photoDataUrl: '[redacted]' },
      note: '[redacted]',
    })
  })

  it('removes photo links wherever they appear: a link alone fetches the photo', () => {
    const member = {
      id: 7,
      first_name: 'Abebe',
      photo_path: `uploads/${ID}.jpg`,
      thumbnail_path: `uploads/${ID}-thumb.jpg`,
    }
    const state = {
      api: {
        queries: { 'getMember(7)': { data: member } },
        seen: [`/uploads/${ID}-thumb.jpg`, `https://church.example/uploads/uploads/${ID}.jpg`],
      },
    }
    const shown = JSON.stringify(devToolsOptions.stateSanitizer!(state, 0))
    expect(shown).not.toContain(ID)
    expect(shown).toContain('Abebe')
    const action = { type: 'x', payload: member }
    expect(JSON.stringify(devToolsOptions.actionSanitizer!(action, 0))).not.toContain(ID)
  })
})
