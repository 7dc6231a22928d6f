import { labelColumnWidth, textWidth, wrapLabel } from './chartLabels'

describe('chart axis labels', () => {
  it('wraps a long label between words within the width', () => {
    const lines = wrapLabel('Ummattoota Kibba Lixa Itoophiyaa', 100)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(100)
    expect(lines.join(' ')).toBe('Ummattoota Kibba Lixa Itoophiyaa')
  })

  it('keeps a short label on one line', () => {
    expect(wrapLabel('Visitor', 120)).toEqual(['Visitor'])
  })

  it('counts Ge’ez letters wider than Latin ones', () => {
    expect(textWidth('መስከረም')).toBeGreaterThan(textWidth('Meskerem'))
  })

  it('gives the label column room for its longest word, up to the limit', () => {
    const months = ['መስከረም 2019 ዓ.ም.', 'ጳጉሜ 2018 ዓ.ም.']
    const width = labelColumnWidth(months, 140)
    expect(width).toBeLessThanOrEqual(152)
    for (const label of months) {
      for (const line of wrapLabel(label, width - 12)) {
        expect(textWidth(line)).toBeLessThanOrEqual(width - 12)
      }
    }
    expect(labelColumnWidth(['Male', 'Female'], 140)).toBeLessThan(80)
  })
})
