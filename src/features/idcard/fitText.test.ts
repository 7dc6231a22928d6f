import { fitWhole, type Measure } from './fitText'

// Every letter as wide as the size: a line of n letters at size s is n·s wide.
const measure: Measure = (text, size) => [...text].length * size

const STEPS = [
  { maxLines: 1, sizes: [10, 9, 8] },
  { maxLines: 2, sizes: [8, 7] },
] as const

describe('fitWhole', () => {
  it('keeps one line, shrinking, while it fits', () => {
    expect(fitWhole(measure, 'Abebe Kebede', 120, STEPS)).toEqual({
      size: 10,
      lines: ['Abebe Kebede'],
      cut: false,
    })
    expect(fitWhole(measure, 'Abebe Kebede Tesfa', 150, STEPS).size).toBe(8)
  })

  it('wraps between words at a smaller size when one line cannot hold it', () => {
    const fitted = fitWhole(measure, 'Woldemariam Gebremichael Haile', 140, STEPS)
    expect(fitted.lines.length).toBe(2)
    expect(fitted.lines.join(' ')).toBe('Woldemariam Gebremichael Haile')
    expect(fitted.cut).toBe(false)
  })

  it('never cuts: past the last step it takes more lines at the smallest size', () => {
    const text = 'Woldemariam Gebremichael Hailesellassie Tekle Haimanot Egziabher'
    const fitted = fitWhole(measure, text, 100, STEPS)
    expect(fitted.cut).toBe(false)
    expect(fitted.size).toBe(7)
    expect(fitted.lines.join(' ')).toBe(text)
    for (const line of fitted.lines) expect(measure(line, fitted.size)).toBeLessThanOrEqual(100)
  })
})
