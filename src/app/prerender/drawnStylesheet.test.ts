import { applyDrawnStylesheet } from './drawnStylesheet'
import { LOGIN_STYLESHEET_ID } from './loginKey'

/** The drawn page's link as the build writes it; `loaded` gives it the sheet a load brings. */
function drawnLink(loaded: boolean) {
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.media = 'print'
  link.id = LOGIN_STYLESHEET_ID
  if (loaded) Object.defineProperty(link, 'sheet', { value: new CSSStyleSheet() })
  document.head.append(link)
  return link
}

const whileLoading = () => jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')

afterEach(() => {
  jest.restoreAllMocks()
  document.head.replaceChildren()
})

describe('applyDrawnStylesheet', () => {
  it('resolves at once on a page without the drawn stylesheet', async () => {
    await expect(applyDrawnStylesheet()).resolves.toBeUndefined()
  })

  it('puts an already loaded stylesheet on the screen', async () => {
    const link = drawnLink(true)
    await applyDrawnStylesheet()
    expect(link.media).toBe('all')
    expect(link.isConnected).toBe(true)
  })

  it('waits for a stylesheet still loading, then puts it on the screen', async () => {
    whileLoading()
    const link = drawnLink(false)
    let done = false
    const applied = applyDrawnStylesheet().then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    expect(link.media).toBe('print')
    Object.defineProperty(link, 'sheet', { value: new CSSStyleSheet() })
    link.dispatchEvent(new Event('load'))
    await applied
    expect(link.media).toBe('all')
  })

  it('removes a stylesheet that fails, so antd makes the styles itself', async () => {
    whileLoading()
    const link = drawnLink(false)
    const applied = applyDrawnStylesheet()
    link.dispatchEvent(new Event('error'))
    await applied
    expect(link.isConnected).toBe(false)
  })

  it('removes a stylesheet that failed before it was asked for', async () => {
    whileLoading()
    const link = drawnLink(false)
    const applied = applyDrawnStylesheet()
    window.dispatchEvent(new Event('load'))
    await applied
    expect(link.isConnected).toBe(false)
  })

  it('removes it at once when the page has loaded without it', async () => {
    const link = drawnLink(false)
    await applyDrawnStylesheet()
    expect(link.isConnected).toBe(false)
  })
})
