import { TOKEN_KEY } from '../../app/api'
import { loggedOut } from '../../app/sessionEvents'
import { makeStore } from '../../app/store'

describe('logout on the device (spec 2.2, issue 28)', () => {
  afterEach(() => localStorage.clear())

  it('clears the session and the logo but keeps the display settings and the dismissed banner', () => {
    localStorage.setItem(TOKEN_KEY, 'x.y.z')
    localStorage.setItem('someSessionData', '1')
    localStorage.setItem('language', 'om')
    localStorage.setItem('themeMode', 'dark')
    localStorage.setItem('calendar', 'ethiopian')
    localStorage.setItem('installBannerDismissed', 'true')
    localStorage.setItem('churchLogo', 'data:image/png;base64,AQEB')
    const { store } = makeStore()
    store.dispatch(loggedOut())
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem('someSessionData')).toBeNull()
    expect(localStorage.getItem('language')).toBe('om')
    expect(localStorage.getItem('themeMode')).toBe('dark')
    expect(localStorage.getItem('calendar')).toBe('ethiopian')
    expect(localStorage.getItem('installBannerDismissed')).toBe('true')
    expect(localStorage.getItem('churchLogo')).toBeNull()
  })
})
