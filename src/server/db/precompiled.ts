// Queries that every authenticated request or list page runs, built and compiled by Kysely once
// per database instead of on every call.
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from './tables'

type Db = Kysely<Database>

/** Where a call's value goes: compiled as a parameter, swapped for the value on each call. */
class Slot {
  constructor(readonly name: string) {}
}

export interface PrecompiledQuery<Args, Row> {
  /** The rows of the query with these values, on `db` or a transaction of it. */
  execute(db: Db, args: Args): Promise<Row[]>
}

interface Compiled<Row> {
  query: CompiledQuery<Row>
  /** For each parameter, the argument it takes, or undefined for a constant of the query. */
  slots: readonly (string | undefined)[]
}

/**
 * A query that Kysely builds and compiles once per database (per dialect adapter, which a
 * database shares with its transactions), then runs with new values as plain parameters.
 * `param(name)` stands for a value in the builder; it must only be used where Kysely makes a
 * parameter of it (comparisons, limit), never where it would be inlined. Building and compiling
 * the member page's select cost more than a third of running it on SQLite.
 */
export function precompile<Args extends Record<string, unknown>, Row>(
  build: (db: Db, param: <K extends keyof Args & string>(name: K) => Args[K]) => Compilable<Row>,
): PrecompiledQuery<Args, Row> {
  const byAdapter = new WeakMap<object, Compiled<Row>>()
  return {
    async execute(db, args) {
      const adapter = db.getExecutor().adapter
      let compiled = byAdapter.get(adapter)
      if (!compiled) {
        compiled = compile(db, build)
        byAdapter.set(adapter, compiled)
      }
      const { query, slots } = compiled
      const parameters = slots.map((name, i) =>
        name === undefined ? query.parameters[i] : args[name],
      )
      const result = await db.executeQuery<Row>({ ...query, parameters })
      return result.rows
    },
  }
}

function compile<Args extends Record<string, unknown>, Row>(
  db: Db,
  build: (db: Db, param: <K extends keyof Args & string>(name: K) => Args[K]) => Compilable<Row>,
): Compiled<Row> {
  const named = new Set<string>()
  const param = <K extends keyof Args & string>(name: K) => {
    named.add(name)
    return new Slot(name) as unknown as Args[K]
  }
  const query = build(db, param).compile()
  const slots = query.parameters.map((value) => (value instanceof Slot ? value.name : undefined))
  // A value Kysely wrote into the SQL text, or left out, would not change from call to call.
  for (const name of named) {
    if (!slots.includes(name)) throw new Error(`precompile: "${name}" is not a parameter`)
  }
  return { query, slots }
}
