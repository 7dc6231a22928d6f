import { screen } from '@testing-library/react'
import { renderWithProviders } from '../testing/renderWithProviders'
import { DateTime } from './DateTime'

// 08:05 on the device's clock, whatever its zone.
const eightOhFive = new Date(2026, 0, 15, 8, 5).toISOString()
const quarterToEight = new Date(2026, 0, 15, 19, 45).toISOString()

describe('DateTime', () => {
  it('labels a 24-hour time with its Ethiopian reading in Amharic', () => {
    renderWithProviders(
      <>
        <DateTime value={eightOhFive} />
        <DateTime value={quarterToEight} />
      </>,
      { language: 'am' },
    )
    const times = screen.getAllByText(/ዓ\.ም\.|እ\.ኤ\.አ\./)
    expect(times[0]).toHaveTextContent(/ 08:05 \(ከጠዋቱ 2:05\)$/)
    expect(times[1]).toHaveTextContent(/ 19:45 \(ከምሽቱ 1:45\)$/)
  })

  it('labels it in Afaan Oromoo too', async () => {
    renderWithProviders(<DateTime value={eightOhFive} />, { language: 'om' })
    expect(await screen.findByText(/ALI|ALA/)).toHaveTextContent(/ 08:05 \(sa'aatii 2:05 ganama\)$/)
  })

  it('leaves an English time as it is', () => {
    renderWithProviders(<DateTime value={eightOhFive} />, { language: 'en' })
    expect(screen.getByText(/08:05/)).toHaveTextContent(/ 08:05$/)
  })
})
