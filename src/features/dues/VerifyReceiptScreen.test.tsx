import { screen } from '@testing-library/react'
import { mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'

jest.setTimeout(60_000)

const receipt = {
  receipt_number: '2018-000123',
  amount: 120050,
  currency: 'ETB',
  received_on: '2026-01-20',
  status: 'valid',
  payer_initials: 'A. K.',
}

const server = mockServerForEachTest()

describe('the public receipt check', () => {
  it('shows a valid receipt without sign-in: number, amount, both dates, initials', async () => {
    server.on('GET', '/api/receipts/verify/Qm9vZ2xlQ29kZTEyMzQ1Ng', { json: receipt })
    renderRoute('/verify/Qm9vZ2xlQ29kZTEyMzQ1Ng')
    expect(await screen.findByText('This receipt is valid.', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('2018-000123')).toBeInTheDocument()
    expect(screen.getByText('1,200.50 ETB')).toBeInTheDocument()
    expect(screen.getByText('A. K.')).toBeInTheDocument()
    expect(screen.getByText(/12 Tir 2018/)).toBeInTheDocument()
    expect(screen.getByText(/20 January 2026/)).toBeInTheDocument()
    expect(server.requests[0].headers.get('authorization')).toBeNull()
  })

  it('says so when the receipt is void, and when no receipt has the code', async () => {
    server.on('GET', '/api/receipts/verify/VoidedCode1234567890', {
      json: { ...receipt, status: 'void' },
    })
    const first = renderRoute('/verify/VoidedCode1234567890')
    expect(await screen.findByText('This receipt has been voided.', {}, slow)).toBeInTheDocument()
    first.unmount()
    server.on('GET', /\/api\/receipts\/verify\/Unknown/, {
      status: 404,
      json: { success: false, message: 'Not found' },
    })
    renderRoute('/verify/UnknownCode123456789')
    expect(await screen.findByText('No receipt has this code.', {}, slow)).toBeInTheDocument()
  })

  it('speaks Amharic', async () => {
    server.on('GET', /\/api\/receipts\/verify\//, { json: receipt })
    renderRoute('/verify/Qm9vZ2xlQ29kZTEyMzQ1Ng', { language: 'am' })
    expect(await screen.findByText('ይህ ደረሰኝ ትክክለኛ ነው።', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('የደረሰኝ ቁጥር')).toBeInTheDocument()
  })
})
