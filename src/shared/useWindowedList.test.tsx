import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { useWindowedList, WINDOW_FROM } from './useWindowedList'

const ITEM = 50

function List({ count }: { count: number }) {
  const ref = useRef<HTMLUListElement>(null)
  const list = useWindowedList({ count, listRef: ref, estimateSize: ITEM })
  return (
    <ul ref={ref} style={{ paddingTop: list.before, paddingBottom: list.after }}>
      {list.indices.map((index) => (
        <li key={index} ref={list.measureRef} data-index={index}>
          item {index}
        </li>
      ))}
    </ul>
  )
}

const shown = () => screen.getAllByRole('listitem').map((li) => Number(li.dataset.index))

describe('useWindowedList', () => {
  beforeEach(() => {
    // jsdom lays nothing out: every item is 50 px high, the list starts at the top of the page.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const height = this.tagName === 'LI' ? ITEM : 0
      return { x: 0, y: 0, top: 0, left: 0, bottom: height, right: 0, width: 0, height } as DOMRect
    })
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.tagName === 'LI' ? ITEM : 0
    })
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 })
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 })
  })
  afterEach(() => jest.restoreAllMocks())

  it('renders every item of a list up to WINDOW_FROM long', () => {
    render(<List count={WINDOW_FROM} />)
    expect(shown()).toHaveLength(WINDOW_FROM)
    expect(screen.getByRole('list')).toHaveStyle({ paddingTop: '0px', paddingBottom: '0px' })
  })

  it('renders only the items near the window of a longer list, keeping the space of the others', () => {
    render(<List count={2000} />)
    const first = shown()
    expect(first[0]).toBe(0)
    // 800 px of 50 px items is 16, plus a few either side.
    expect(first.length).toBeGreaterThanOrEqual(16)
    expect(first.length).toBeLessThan(40)
    const list = screen.getByRole('list')
    expect(list).toHaveStyle({ paddingTop: '0px' })
    expect(parseFloat(list.style.paddingBottom)).toBe((2000 - first.length) * ITEM)

    act(() => {
      window.scrollY = 50_000 // item 1000 at the top of the window
      window.dispatchEvent(new Event('scroll'))
    })
    const later = shown()
    expect(later).toContain(1000)
    expect(later).toContain(1015)
    expect(later).not.toContain(0)
    expect(later.length).toBeLessThan(40)
    expect(parseFloat(list.style.paddingTop)).toBe((later[0] as number) * ITEM)
    expect(parseFloat(list.style.paddingBottom)).toBe(
      (2000 - (later[later.length - 1] as number) - 1) * ITEM,
    )
  })
})
