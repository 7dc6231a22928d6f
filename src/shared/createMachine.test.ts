import { createMachine } from './createMachine'

type Status = 'off' | 'on'
type Event = 'pressed' | 'unplugged'

const machine = createMachine<Status, Event, { status: Status; presses: number }>(
  { off: { pressed: 'on' }, on: { pressed: 'off', unplugged: 'off' } },
  (state) => {
    state.presses += 1
  },
)

describe('createMachine', () => {
  it.each([
    ['off', 'pressed', 'on'],
    ['on', 'pressed', 'off'],
    ['on', 'unplugged', 'off'],
    ['off', 'unplugged', 'off'],
  ] as const)('next(%s, %s) is %s', (from, event, to) => {
    expect(machine.next(from, event)).toBe(to)
  })

  it('moves along a row and runs entered', () => {
    const state = { status: 'off' as Status, presses: 0 }
    expect(machine.move(state, 'pressed')).toBe(true)
    expect(state).toEqual({ status: 'on', presses: 1 })
  })

  it('changes nothing on an illegal event', () => {
    const state = { status: 'off' as Status, presses: 0 }
    expect(machine.move(state, 'unplugged')).toBe(false)
    expect(state).toEqual({ status: 'off', presses: 0 })
  })
})
