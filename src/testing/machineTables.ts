// Checks a slice's transition table against a table its test writes out by hand.
import fs from 'node:fs'
import path from 'node:path'
import type { UnknownAction } from '@reduxjs/toolkit'
import type { TransitionTable } from '../shared/createMachine'

/** One hand-written row: in `from`, `event` leads to `to`; null means the event is ignored. */
export type Row<S extends string, E extends string> = readonly [from: S, event: E, to: S | null]

const key = (row: readonly unknown[]) => row.join(' → ')

/**
 * A machine's table as its test writes it by hand, one `from  event  to` row a line, `-` where
 * the event is ignored (like jest's `it.each` tables): columns read faster than arrays of quotes.
 */
export function transitions<S extends string, E extends string>(
  text: TemplateStringsArray,
): Row<S, E>[] {
  return text.raw
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const cells = line.split(/\s+/)
      if (cells.length !== 3) throw new Error(`A row is "from event to", not "${line}"`)
      const [from, event, to] = cells
      return [from as S, event as E, to === '-' ? null : (to as S)] as const
    })
}

/**
 * Every row holds in the slice's table, and every move the slice's table allows is a row: a
 * transition added to the code without a row of its own fails the test.
 */
export function expectTransitions<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  rows: readonly Row<S, E>[],
) {
  // A misspelt name would otherwise pass as an ignored event.
  const statuses = Object.keys(table)
  const events = new Set(Object.values<Partial<Record<E, S>>>(table).flatMap(Object.keys))
  const unknown = rows.flatMap(([from, event, to]) => [
    ...[from, to].filter((status) => status !== null && !statuses.includes(status)),
    ...(events.has(event) ? [] : [event]),
  ])
  expect(unknown).toEqual([])
  const actual = rows.map(([from, event]) => key([from, event, table[from][event] ?? null]))
  expect(actual).toEqual(rows.map(key))
  const allowed = Object.entries<Partial<Record<E, S>>>(table).flatMap(([from, moves]) =>
    Object.entries(moves).map(([event, to]) => key([from, event, to])),
  )
  const stated = rows.filter((row) => row[2] !== null).map(key)
  expect(allowed.sort()).toEqual([...new Set(stated)].sort())
}

const ROOT = path.resolve(__dirname, '..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/**
 * Which of a slice's action creators the client code dispatches (tests left out): by name in
 * the feature's own folder (`dispatch(x())`, `dispatch(events.x())`), or anywhere under an
 * alias the feature's index gives it (`opened as transferOpened`).
 */
export function dispatchedActions(feature: string, actionNames: readonly string[]): string[] {
  const own = sources(path.join(ROOT, 'features', feature))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
  const index = path.join(ROOT, 'features', feature, 'index.ts')
  const exports = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : ''
  const everywhere = sources(ROOT)
    .filter((file) => !file.includes(`${path.sep}server${path.sep}`))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
  const called = (text: string, name: string) =>
    new RegExp(`dispatch\\(\\s*(?:\\w+\\.)?${name}\\(`).test(text)
  return actionNames.filter((name) => {
    if (called(own, name)) return true
    const aliases = [...exports.matchAll(new RegExp(`\\b${name} as (\\w+)`, 'g'))].map((m) => m[1])
    return aliases.some((alias) => called(everywhere, alias))
  })
}

/** Every dispatched action is an event with at least one legal row: none is dispatched in vain. */
export function expectDispatchedEventsInTable<S extends string, E extends string>(
  feature: string,
  actionNames: readonly string[],
  rows: readonly Row<S, E>[],
) {
  const dispatched = dispatchedActions(feature, actionNames)
  expect(dispatched.length).toBeGreaterThan(0)
  const legal = new Set<string>(rows.filter((row) => row[2] !== null).map((row) => row[1]))
  expect(dispatched.filter((name) => !legal.has(name))).toEqual([])
}

/**
 * The reducer follows every row: from a state in `from`, the event's action moves the status to
 * `to`, or (null) returns the very same state.
 */
export function expectReducerRows<S extends string, E extends string, T>(
  rows: readonly Row<S, E>[],
  stateIn: (from: S, event: E) => T,
  apply: (state: T, event: E) => T,
  statusOf: (state: T) => S,
) {
  const outcome = rows.map(([from, event]) => {
    const state = stateIn(from, event)
    const next = apply(state, event)
    return key([from, event, next === state ? null : statusOf(next)])
  })
  expect(outcome).toEqual(rows.map(key))
}

/** An RTK Query mutation's lifecycle action, as its matchers see it. */
export function mutationAction(
  endpointName: string,
  phase: 'pending' | 'fulfilled' | 'rejected',
  originalArgs: unknown,
  payload?: unknown,
) {
  return {
    type: `api/executeMutation/${phase}`,
    payload,
    meta: {
      requestId: 'r1',
      requestStatus: phase,
      arg: { type: 'mutation', endpointName, originalArgs },
      ...(phase === 'rejected' ? { rejectedWithValue: true } : {}),
    },
    ...(phase === 'rejected' ? { error: { message: 'Rejected' } } : {}),
  }
}

/**
 * The checks every machine's test makes, as `it`s of the surrounding describe: the table matches
 * the hand-written rows; given the feature and its action names, every action the code
 * dispatches has a legal row; given a way to reach each status, the reducer follows the rows.
 */
export function itFollowsTheTable<S extends string, E extends string, T>(machine: {
  table: TransitionTable<S, E>
  rows: readonly Row<S, E>[]
  dispatchedBy?: { feature: string; actionNames: readonly string[] }
  reducer?: {
    stateIn: (from: S, event: E) => T
    apply: (state: T, event: E) => T
    statusOf: (state: T) => S
  }
}) {
  const { table, rows, dispatchedBy, reducer } = machine
  it('moves as the hand-written table says', () => {
    expectTransitions(table, rows)
  })
  if (dispatchedBy) {
    it('has a row for every action the code dispatches', () => {
      expectDispatchedEventsInTable(dispatchedBy.feature, dispatchedBy.actionNames, rows)
    })
  }
  if (reducer) {
    it('follows the table in its reducer', () => {
      expectReducerRows(rows, reducer.stateIn, reducer.apply, reducer.statusOf)
    })
  }
}

/**
 * itFollowsTheTable's `reducer` for a slice whose state keeps its `status` and whose test makes
 * one action for each event.
 */
export function reducerFedEvents<S extends string, E extends string, T extends { status: S }>(
  stateIn: (from: S) => T,
  reduce: (state: T, action: UnknownAction) => T,
  events: Record<E, () => UnknownAction>,
) {
  return {
    stateIn,
    apply: (state: T, event: E) => reduce(state, events[event]()),
    statusOf: (state: T) => state.status,
  }
}
