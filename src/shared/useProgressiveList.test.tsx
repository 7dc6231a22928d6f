import { act, renderHook } from '@testing-library/react'
import { useProgressiveList } from './useProgressiveList'

const list = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }))

describe('useProgressiveList', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('shows the first slice at once, then one more step per task until all are shown', async () => {
    const { result } = renderHook(() => useProgressiveList(list(1, 13), 6, 4))
    expect(result.current.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6])
    await act(async () => jest.advanceTimersByTimeAsync(0))
    expect(result.current).toHaveLength(10)
    await act(async () => jest.advanceTimersByTimeAsync(0))
    expect(result.current).toHaveLength(13)
    await act(async () => jest.advanceTimersByTimeAsync(50))
    expect(result.current).toHaveLength(13)
  })

  it('continues after Load more and starts again for a different list', async () => {
    let items = list(1, 8)
    const { result, rerender } = renderHook(() => useProgressiveList(items, 6, 4))
    await act(async () => jest.advanceTimersByTimeAsync(0))
    expect(result.current).toHaveLength(8)

    items = list(1, 16) // the next page appended: no going back to the top
    rerender()
    expect(result.current.length).toBeGreaterThanOrEqual(8)
    const before = result.current.length
    await act(async () => jest.advanceTimersByTimeAsync(0))
    expect(result.current).toHaveLength(before + 4)
    await act(async () => jest.advanceTimersByTimeAsync(100))
    expect(result.current).toHaveLength(16)

    items = list(100, 16) // a new search
    rerender()
    expect(result.current.map((m) => m.id)).toEqual([100, 101, 102, 103, 104, 105])
  })

  it('returns a short list whole and unchanged', () => {
    const items = list(1, 3)
    const { result } = renderHook(() => useProgressiveList(items, 6, 4))
    expect(result.current).toBe(items)
  })

  it('returns a list longer than upTo whole at once', () => {
    const items = list(1, 30)
    const { result } = renderHook(() => useProgressiveList(items, 6, 4, 20))
    expect(result.current).toBe(items)
  })
})
