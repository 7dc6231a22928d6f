import { act, fireEvent, screen, within } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import type { PreferencesState } from '../preferences'
import { type CardEngine, loadCardEngine } from './cardEngine'
import IdCardScreen from './IdCardScreen'

// The real drawing code with the fonts read from node_modules (webpack serves them in the app).
jest.mock('./cardEngine', () => {
  const builder = jest.requireActual('./idCardSvg')
  const { testCardFonts } = jest.requireActual('./testFonts')
  return {
    loadCardEngine: jest.fn(() =>
      Promise.resolve({
        fonts: testCardFonts(),
        buildIdCardSvg: builder.buildIdCardSvg,
        buildIdCardSide: builder.buildIdCardSide,
      }),
    ),
  }
})

const MEMBER = {
  id: 42,
  first_name: 'Abebe',
  middle_name: null,
  last_name: 'Kebede',
  gender: 'male',
  date_of_birth: '1990-05-04',
  photo_path: 'uploads/photo.jpg',
  current_ministries: ['choir'],
  nationality: null,
  date_joined: '2015-09-11',
}
const JPEG = { body: new Uint8Array(300).fill(7), headers: { 'content-type': 'image/jpeg' } }
const routes = [{ path: '/member/idcard/:id', element: <IdCardScreen /> }]

let server: MockServer

beforeEach(() => {
  // Only the clock is faked: the fetch stack reads bodies through microtasks and setImmediate.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
  server = installMockServer()
})
afterEach(() => {
  server.restore()
  jest.useRealTimers()
})

const photoRequests = () => server.requests.filter((r) => r.path === '/uploads/photo.jpg')
const frontSvg = () =>
  decodeURIComponent(
    (within(screen.getByTestId('idcard-front')).getByRole('img') as HTMLImageElement).src.split(
      ',',
    )[1],
  )

async function open(path = '/member/idcard/42') {
  const result = renderRoute(path, { routes, signedInAs: { id: 1, username: 'admin' } })
  await act(() => jest.advanceTimersByTimeAsync(0))
  return result
}

/** The card screen for a reader who chose this language and calendar. */
function openWithPreferences(
  language: PreferencesState['language'],
  calendar: PreferencesState['calendar'],
) {
  return renderRoute('/member/idcard/42', {
    routes,
    signedInAs: { id: 1, username: 'admin' },
    language,
    calendar,
  })
}

/** Lets responses be read and the screen re-render, without reaching the next retry. */
async function settle() {
  for (let i = 0; i < 10; i++) await act(() => jest.advanceTimersByTimeAsync(20))
}

const downloadButton = () => screen.getByRole('button', { name: /Download SVG|Loading Photo/ })

describe('IdCardScreen', () => {
  it('retries the photo three times a second apart, with credentials, reading Loading Photo...', async () => {
    let calls = 0
    server.on('GET', '/api/members/42', { json: MEMBER })
    server.on('GET', '/uploads/photo.jpg', () => {
      calls++
      if (calls === 1) return { status: 500, json: { message: 'boom' } }
      if (calls === 2)
        return { body: '<html>not an image</html>', headers: { 'content-type': 'text/html' } }
      return JPEG
    })
    await open()
    expect(screen.getByRole('heading', { name: 'Church Member ID Card' })).toBeInTheDocument()
    expect(downloadButton()).toHaveTextContent('Loading Photo...')
    expect(photoRequests()).toHaveLength(1)

    await act(() => jest.advanceTimersByTimeAsync(999))
    expect(photoRequests()).toHaveLength(1)
    await act(() => jest.advanceTimersByTimeAsync(1))
    expect(photoRequests()).toHaveLength(2)
    expect(downloadButton()).toHaveTextContent('Loading Photo...')
    await act(() => jest.advanceTimersByTimeAsync(1000))
    expect(photoRequests()).toHaveLength(3)
    expect(photoRequests().every((r) => r.request.credentials === 'include')).toBe(true)
    expect(photoRequests()[0].headers.get('authorization')).toMatch(/^Bearer /)
    await settle()

    expect(downloadButton()).toHaveTextContent('Download SVG')
    expect(downloadButton()).toBeEnabled()
    expect(frontSvg()).toContain('data:image/jpeg;base64,BwcH')
  })

  it('gives up after three tries and draws the default avatar', async () => {
    server.on('GET', '/api/members/42', { json: MEMBER })
    // A data URL of 100 characters or fewer does not count as a photo (spec 5.10).
    server.on('GET', '/uploads/photo.jpg', {
      body: new Uint8Array(40),
      headers: { 'content-type': 'image/png' },
    })
    await open()
    await act(() => jest.advanceTimersByTimeAsync(5000))
    expect(photoRequests()).toHaveLength(3)
    expect(downloadButton()).toHaveTextContent('Download SVG')
    expect(frontSvg()).not.toContain('<image')
    expect(frontSvg()).toContain('#94a3b8')
  })

  it('fetches no photo for a member without one', async () => {
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    await open()
    expect(downloadButton()).toHaveTextContent('Download SVG')
    expect(photoRequests()).toHaveLength(0)
  })

  it('writes the dates in the Ethiopian calendar when that is the preference', async () => {
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    openWithPreferences('am', 'ethiopian')
    await settle()
    // 1990-05-04 is 26 Miyazya 1982 in the Ethiopian calendar.
    expect(frontSvg()).toContain('aria-label="ሚያዝያ 26 ቀን 1982 ዓ.ም."')
    // The ID number keeps the Gregorian year in every language and calendar (spec 3.6).
    expect(frontSvg()).toContain(`CM-${new Date().getFullYear()}-000042`)
  })

  it("prints the church's chosen pair whatever the reader's language", async () => {
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    server.on('GET', '/api/church', { json: { name_en: 'St Mary', id_card_languages: 'om_am' } })
    const english = await open()
    await settle()
    expect(frontSvg()).toContain('aria-label="Saala · ጾታ"')
    expect(frontSvg()).not.toContain('aria-label="Gender · ጾታ"')
    // The dates follow the card's Latin language: Oromo month names, not English ones.
    expect(frontSvg()).toContain('Caamsaa')
    english.unmount()

    server.on('GET', '/api/church', { json: { name_en: 'St Mary', id_card_languages: 'am_en' } })
    openWithPreferences('om', 'gregorian')
    await settle()
    expect(frontSvg()).toContain('aria-label="Gender · ጾታ"')
    expect(frontSvg()).not.toContain('Saala')
  })

  it('says so when the member cannot be loaded', async () => {
    server.on('GET', '/api/members/42', 'network-error')
    await open()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load member data. Please check your connection and try again.',
    )
    expect(screen.queryByRole('button', { name: 'Download SVG' })).toBeNull()
  })

  it('downloads member-id-card-{id}.svg with both sides and confirms it', async () => {
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    const blobs: Blob[] = []
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:card'
    })
    URL.revokeObjectURL = jest.fn()
    let fileName = ''
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      fileName = this.download
    })
    await open()
    fireEvent.click(downloadButton())
    expect(fileName).toBe('member-id-card-42.svg')
    const svg = new DOMParser().parseFromString(await blobs[0].text(), 'image/svg+xml')
    expect(svg.documentElement.getAttribute('width')).toBe('648')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'ID card SVG with front and back generated successfully.',
    )
    click.mockRestore()
  })

  it('reports a failed generation with its message and a console hint', async () => {
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    const real = await loadCardEngine()
    const failing: CardEngine = {
      ...real,
      buildIdCardSvg: () => {
        throw new Error('out of glyphs')
      },
    }
    jest.mocked(loadCardEngine).mockResolvedValueOnce(failing)
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await open()
    fireEvent.click(downloadButton())
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('SVG Generation Failed: out of glyphs')
    expect(alert).toHaveTextContent('Check the browser console for details.')
    expect(consoleError).toHaveBeenCalled()
    consoleError.mockRestore()
  })

  // The logo is the church profile's (issue 46): an admin's pick is saved there, for every device.
  it("puts an admin's picked logo on the card and saves it in the church profile", async () => {
    let logoUrl: string | null = null
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    server.on('GET', '/api/church', () => ({ json: { name_en: 'St Mary', logo_url: logoUrl } }))
    server.on('GET', '/api/church/logo', {
      body: new Uint8Array([1, 1, 1]),
      headers: { 'content-type': 'image/png' },
    })
    server.on('PUT', '/api/church', (req) => {
      logoUrl = (req.body as { logo: string | null }).logo ? '/api/church/logo?v=2' : null
      return { json: { name_en: 'St Mary', logo_url: logoUrl } }
    })
    renderRoute('/member/idcard/42', {
      routes,
      signedInAs: { id: 1, username: 'admin', role: 'admin' },
    })
    await settle()
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    expect(input.accept).toBe('image/*')
    const logo = new File([new Uint8Array(3).fill(1)], 'logo.png', { type: 'image/png' })
    await act(async () => {
      fireEvent.change(input, { target: { files: [logo] } })
      await jest.advanceTimersByTimeAsync(50)
    })
    await settle()
    expect(frontSvg()).toContain('data:image/png;base64,AQEB')
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)
    expect(puts).toEqual([{ logo: 'data:image/png;base64,AQEB' }])
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument()
  })

  it('offers no logo picker to a clerk', async () => {
    server.on('GET', '/api/members/42', { json: { ...MEMBER, photo_path: null } })
    server.on('GET', '/api/church', { json: { name_en: 'St Mary', logo_url: null } })
    renderRoute('/member/idcard/42', {
      routes,
      signedInAs: { id: 2, username: 'hanna', role: 'clerk' },
    })
    await settle()
    expect(screen.getByTestId('idcard-front')).toBeInTheDocument()
    expect(document.querySelector('input[type=file]')).toBeNull()
  })
})
