import { createMachine, transitionTable, type EventOf } from './createMachine'

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

describe('transitionTable', () => {
  const TABLE = transitionTable({
    off: { pressed: 'on' },
    on: { pressed: 'off', unplugged: 'off' },
  })

  it('gives the table back, its keys the statuses and its rows the events', () => {
    const statuses: (keyof typeof TABLE)[] = ['off', 'on']
    const events: EventOf<typeof TABLE>[] = ['pressed', 'unplugged']
    expect(Object.keys(TABLE)).toEqual(statuses)
    expect([...new Set(Object.values(TABLE).flatMap(Object.keys))].sort()).toEqual(events)
  })

  it('refuses, when type-checked, a move to a status without a row', () => {
    // @ts-expect-error 'standby' is not a status of this table
    const table = transitionTable({ off: { pressed: 'standby' }, on: {} })
    expect(table.off.pressed).toBe('standby')
  })
})
