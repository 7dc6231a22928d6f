import { screen, within } from '@testing-library/react'
import { qrPath } from '../idcard'
import { mockServerForEachTest } from '../../testing/mockServer'
import { storedChurch } from '../../testing/storedChurch'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedFund, storedPayment } from '../../testing/storedDues'
import { clerk } from '../../testing/staffAccounts'

jest.setTimeout(60_000)

const church = storedChurch({
  phone: '+251 11 123 4567',
  po_box: '1234',
  signatory_name: 'Abba Gebre',
  signatory_title: 'Treasurer',
})

const payment = storedPayment({
  amount: 120000,
  method: 'telebirr',
  reference: 'TB123',
  allocations: [{ month: '2018-01', amount: 120000 }],
})

const server = mockServerForEachTest({
  routes: (answers) => {
    answers.on('GET', '/api/church', { json: church })
    answers.on('GET', '/api/funds', { json: [storedFund()] })
  },
})

describe('the receipt', () => {
  it('prints everything in Amharic, with a QR code of the public check', async () => {
    server.on('GET', '/api/payments/9', { json: payment })
    renderRoute('/payments/9/receipt', { signedInAs: clerk, language: 'am', calendar: 'ethiopian' })
    const receipt = await screen.findByRole('article', { name: 'ደረሰኝ' }, slow)
    const text = receipt.textContent ?? ''
    expect(text).toContain('ደብረ ሰላም ቅድስት ማርያም ቤተ ክርስቲያን')
    expect(text).toContain('2018-000007')
    expect(text).toContain('Abebe Kebede')
    expect(text).toContain('ወርሃዊ የአባልነት ክፍያ')
    expect(text).toContain('መስከረም 2018 ዓ.ም.')
    expect(text).toContain('1,200.00 ETB')
    expect(text).toContain('አንድ ሺህ ሁለት መቶ ብር ብቻ')
    expect(text).toContain('ቴሌብር (telebirr)፣ ማጣቀሻ TB123')
    // Both calendars: 12 January 2026 is Tir 4, 2018 E.C.
    expect(text).toContain('ጥር 4 ቀን 2018 ዓ.ም.')
    expect(text).toContain('2026 እ.ኤ.አ.')
    expect(text).toContain('Abba Gebre')
    expect(receipt.querySelector('img.receipt-logo')).toHaveAttribute('src', church.logo_url)

    const qr = within(receipt).getByRole('img', { name: 'ይህን ደረሰኝ ለማረጋገጥ የሚያስችል QR ኮድ' })
    const url = qr.getAttribute('data-verify-url')
    expect(url).toBe(`${window.location.origin}/verify/abcdefghijklmnopqrstuv`)
    // The drawn modules are the QR code of that very address.
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(url!).d)
  })

  it("points the QR code at the church's public address when it has one", async () => {
    server.on('GET', '/api/church', {
      json: { ...church, public_url: 'https://abal.stmary.org' },
    })
    server.on('GET', '/api/payments/9', { json: payment })
    renderRoute('/payments/9/receipt', { signedInAs: clerk })
    const receipt = await screen.findByRole('article', { name: 'Receipt' }, slow)
    const qr = within(receipt).getByRole('img', { name: 'QR code to check this receipt' })
    const url = 'https://abal.stmary.org/verify/abcdefghijklmnopqrstuv'
    expect(qr).toHaveAttribute('data-verify-url', url)
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(url).d)
  })

  it('marks a void receipt and reads English when the clerk does', async () => {
    server.on('GET', '/api/payments/9', { json: { ...payment, status: 'void' } })
    renderRoute('/payments/9/receipt', { signedInAs: clerk, calendar: 'ethiopian' })
    const receipt = await screen.findByRole('article', { name: 'Receipt' }, slow)
    expect(within(receipt).getByRole('status')).toHaveTextContent('Void')
    expect(receipt).toHaveTextContent('One thousand two hundred birr only')
    expect(receipt).toHaveTextContent('Debre Selam St Mary Church')
    expect(receipt).toHaveTextContent('Meskerem 2018 E.C.')
  })

  it('writes the months as their Gregorian days on the Gregorian calendar', async () => {
    server.on('GET', '/api/payments/9', {
      json: {
        ...payment,
        allocations: [
          { month: '2018-01', amount: 60000 },
          { month: '2018-04', amount: 60000 },
        ],
      },
    })
    renderRoute('/payments/9/receipt', { signedInAs: clerk, calendar: 'gregorian' })
    const receipt = await screen.findByRole('article', { name: 'Receipt' }, slow)
    const months = within(receipt).getAllByRole('listitem')
    expect(months.map((li) => li.textContent)).toEqual([
      'Sep 11 – Oct 10, 2025 600.00 ETB',
      'Dec 10, 2025 – Jan 8, 2026 600.00 ETB',
    ])
    expect(receipt).not.toHaveTextContent('Meskerem')
  })

  it('says so when there is no such payment', async () => {
    server.on('GET', '/api/payments/9', { status: 404, json: { success: false, message: 'x' } })
    renderRoute('/payments/9/receipt', { signedInAs: clerk })
    expect(await screen.findByText('No receipt has this code.', {}, slow)).toBeInTheDocument()
  })
})
