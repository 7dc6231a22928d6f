import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import am from '../../../locales/am.json'
import om from '../../../locales/om.json'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { expectLedHome, renderRoute, slow } from '../../testing/renderWithProviders'
import { storedChurch } from '../../testing/storedChurch'
import { admin } from '../../testing/staffAccounts'

jest.setTimeout(60_000)

const church = storedChurch({
  name_am: 'ቅድስት ማርያም',
  name_en: 'St Mary',
  name_om: 'Maariyaam Qulqulleettii',
  address: '',
  logo_url: null,
  updated_at: null,
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/church', { json: church })
  server.on('PUT', '/api/church', (req) => ({
    json: { ...church, ...(req.body as object), logo_url: null },
  }))
})
afterEach(() => {
  server.restore()
  localStorage.clear()
})

const puts = () => server.requests.filter((r) => r.method === 'PUT')

describe('the church profile screen', () => {
  it('an admin changes names, currency, signatory and the standing rule', async () => {
    const user = userEvent.setup()
    renderRoute('/church', { signedInAs: admin })
    const name = await screen.findByLabelText('Church name in English', {}, slow)
    expect(name).toHaveValue('St Mary')
    await user.clear(name)
    await user.type(name, 'Debre Selam St Mary')
    await user.clear(screen.getByLabelText('Currency (ISO 4217 code)'))
    await user.type(screen.getByLabelText('Currency (ISO 4217 code)'), 'usd')
    await user.type(screen.getByLabelText("Receipt signatory's name"), 'Abba Gebre')
    await user.clear(screen.getByLabelText('Number of months'))
    await user.type(screen.getByLabelText('Number of months'), '2')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0].body).toMatchObject({
      name_en: 'Debre Selam St Mary',
      currency: 'USD',
      signatory_name: 'Abba Gebre',
      good_standing: { kind: 'max_unpaid', months: 2 },
    })
    expect(puts()[0].body).not.toHaveProperty('logo')
  })

  it("chooses the ID card's language pair, shown as the server keeps it", async () => {
    server.on('GET', '/api/church', { json: { ...church, id_card_languages: 'am_en' } })
    renderRoute('/church', { signedInAs: admin })
    const pair = await screen.findByRole('combobox', { name: 'ID card languages' }, slow)
    expect(screen.getByTitle('Amharic and English')).toBeInTheDocument()
    fireEvent.mouseDown(pair)
    fireEvent.click(await screen.findByTitle('Afaan Oromoo and Amharic'))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0].body).toMatchObject({ id_card_languages: 'om_am' })
  })

  it('refuses a currency that is not three letters, without saving', async () => {
    const user = userEvent.setup()
    renderRoute('/church', { signedInAs: admin })
    const currency = await screen.findByLabelText('Currency (ISO 4217 code)', {}, slow)
    await user.clear(currency)
    await user.type(currency, 'E1')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Please type a three-letter currency code, such as ETB.'),
    ).toBeInTheDocument()
    expect(puts()).toHaveLength(0)
  })

  it('sends a picked logo as a data URL, and refuses a GIF', async () => {
    renderRoute('/church', { signedInAs: admin })
    await screen.findByLabelText('Church name in English', {}, slow)
    // The upload control renders a new input after each pick.
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input(), {
      target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] },
    })
    expect(
      await screen.findByText('The logo must be a PNG, JPEG or WebP image.'),
    ).toBeInTheDocument()
    fireEvent.change(input(), {
      target: { files: [new File([new Uint8Array(3).fill(1)], 'logo.png', { type: 'image/png' })] },
    })
    expect(await screen.findByRole('img', { name: 'Church logo' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AQEB',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0].body).toMatchObject({ logo: 'data:image/png;base64,AQEB' })
  })

  it("says why the server refused the save in the user's language, not the server's English", async () => {
    server.on(
      'PUT',
      '/api/church',
      apiError(400, 'The logo must be a PNG, JPEG or WebP image', { logo: 'invalidValue' }),
    )
    renderRoute('/church', { signedInAs: admin, language: 'am' })
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement
    await waitFor(() => expect(input()).not.toBeNull(), slow)
    fireEvent.change(input(), {
      target: { files: [new File([new Uint8Array(3).fill(1)], 'logo.png', { type: 'image/png' })] },
    })
    await screen.findByRole('img', { name: am.churchLogo }, slow)
    fireEvent.click(screen.getByRole('button', { name: 'ያስቀምጡ' }))
    expect(await screen.findByText(am.churchLogoType, {}, slow)).toBeVisible()
    expect(screen.queryByText(/PNG, JPEG or WebP/)).toBeNull()
  })

  it('saves the public address for receipts, trimmed', async () => {
    const user = userEvent.setup()
    renderRoute('/church', { signedInAs: admin })
    const address = await screen.findByLabelText('Public address', {}, slow)
    expect(
      screen.getByText(/The address members' phones open from a receipt's QR code/),
    ).toBeInTheDocument()
    await user.type(address, ' https://abal.stmary.org/ ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0].body).toMatchObject({ public_url: 'https://abal.stmary.org/' })
  })

  it("refuses a public address that is not an origin, in the user's language", async () => {
    const user = userEvent.setup()
    renderRoute('/church', { signedInAs: admin, language: 'om' })
    const address = await screen.findByLabelText(om.churchPublicUrl, {}, slow)
    await user.type(address, 'https://abal.stmary.org/verify')
    await user.click(screen.getByRole('button', { name: om.save }))
    expect(await screen.findByText(om.churchPublicUrlInvalid)).toBeInTheDocument()
    await user.clear(address)
    await user.type(address, 'abal.stmary.org')
    await user.click(screen.getByRole('button', { name: om.save }))
    expect(await screen.findByText(om.churchPublicUrlInvalid)).toBeInTheDocument()
    expect(puts()).toHaveLength(0)
  })

  it("says in the user's language why the server refused the public address", async () => {
    server.on(
      'PUT',
      '/api/church',
      apiError(400, 'Validation failed', { public_url: 'invalidValue' }),
    )
    renderRoute('/church', { signedInAs: admin, language: 'am' })
    await screen.findByLabelText(am.churchPublicUrl, {}, slow)
    fireEvent.click(screen.getByRole('button', { name: am.save }))
    expect(await screen.findByText(am.churchPublicUrlInvalid, {}, slow)).toBeVisible()
  })

  it("warns, opened at this computer's address, that receipts' QR codes need a public address", async () => {
    const user = userEvent.setup()
    renderRoute('/church', { signedInAs: admin, language: 'am' })
    // The tests' page is at http://localhost.
    const warning = am.churchPublicUrlLocal.replace('{host}', 'localhost')
    expect(await screen.findByText(warning, {}, slow)).toBeVisible()
    await user.type(screen.getByLabelText(am.churchPublicUrl), 'https://abal.stmary.org')
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull())
  })

  it('does not warn when the church has a public address', async () => {
    server.on('GET', '/api/church', {
      json: { ...church, public_url: 'https://abal.stmary.org' },
    })
    renderRoute('/church', { signedInAs: admin })
    expect(await screen.findByLabelText('Public address', {}, slow)).toHaveValue(
      'https://abal.stmary.org',
    )
    expect(screen.queryByText(/QR codes will not open/)).toBeNull()
  })

  it('is for admins only', async () => {
    await expectLedHome(server, '/church', 'clerk', '/api/church')
  })
})
