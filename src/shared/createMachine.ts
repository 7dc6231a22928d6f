/** Which event may move a machine from which status; a missing entry means "ignored". */
export type TransitionTable<S extends string, E extends string> = Record<S, Partial<Record<E, S>>>

/**
 * A machine's table, written once: its statuses are the table's keys (`keyof typeof TABLE`) and
 * its events the keys of its rows (EventOf); a move to a status without a row does not compile.
 */
export function transitionTable<
  const T extends { [S in keyof T]: { [E in keyof T[S]]: keyof T & string } },
>(table: T): T {
  return table
}

/** The events of a table made by transitionTable: every event that has a row somewhere. */
export type EventOf<T> = { [S in keyof T]: keyof T[S] & string }[keyof T]

export interface Machine<S extends string, E extends string, T extends { status: S }> {
  readonly table: TransitionTable<S, E>
  /** The status `event` leads to from `status`, or `status` itself when the event is illegal. */
  next(status: S, event: E): S
  /** Whether the table has a move for `event` in `status`. */
  can(status: S, event: E): boolean
  /**
   * Moves `state.status` (an Immer draft in a slice reducer) by `event`. Returns false, changing
   * nothing, when the table has no such move: the reducer then ignores the action's payload too.
   */
  move(state: T, event: E): boolean
}

/**
 * The one way a slice runs its state machine: a table, and moves only along its rows.
 * `entered` runs after every legal move, for what the new status implies (clearing an error).
 */
export function createMachine<S extends string, E extends string, T extends { status: S }>(
  table: TransitionTable<S, E>,
  entered?: (state: T) => void,
): Machine<S, E, T> {
  return {
    table,
    next: (status, event) => table[status][event] ?? status,
    can: (status, event) => table[status][event] !== undefined,
    move(state, event) {
      const next = table[state.status][event]
      if (!next) return false
      state.status = next
      entered?.(state)
      return true
    },
  }
}
