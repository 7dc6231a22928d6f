import { act, renderHook } from '@testing-library/react'
import { useDebouncedText } from './useDebouncedText'

describe('useDebouncedText', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function setup(stored = '', options = {}) {
    const settle = jest.fn()
    const view = renderHook(({ value }) => useDebouncedText(value, settle, 300, options), {
      initialProps: { value: stored },
    })
    const type = (text: string) => act(() => view.result.current[1](text))
    return { settle, view, type }
  }

  it('settles once per pause in typing, with the last text', () => {
    const { settle, view, type } = setup()
    type('a')
    type('ab')
    act(() => jest.advanceTimersByTime(299))
    type('abe')
    expect(view.result.current[0]).toBe('abe')
    act(() => jest.advanceTimersByTime(299))
    expect(settle).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1))
    expect(settle.mock.calls).toEqual([['abe']])
  })

  it('does not settle text equal to what was settled last', () => {
    const { settle, type } = setup('abe')
    type('ab')
    type('abe')
    act(() => jest.advanceTimersByTime(300))
    expect(settle).not.toHaveBeenCalled()
  })

  it('follows the stored text when it changes from elsewhere', () => {
    const { settle, view, type } = setup('abe')
    type('abebe')
    view.rerender({ value: '' })
    expect(view.result.current[0]).toBe('')
    act(() => jest.advanceTimersByTime(300))
    expect(settle).not.toHaveBeenCalled()
  })

  it('drops a pending text on unmount, or settles it with flushOnUnmount', () => {
    const dropped = setup()
    dropped.type('ab')
    dropped.view.unmount()
    act(() => jest.advanceTimersByTime(300))
    expect(dropped.settle).not.toHaveBeenCalled()

    const flushed = setup('', { flushOnUnmount: true })
    flushed.type('ab')
    flushed.view.unmount()
    expect(flushed.settle.mock.calls).toEqual([['ab']])
  })
})
