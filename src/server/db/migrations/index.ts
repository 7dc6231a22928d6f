import type { Migration } from 'kysely'
import * as m0001 from './2026_11_22_0001_users'

/**
 * Every migration, by name. A static list (not a folder scan) so the bundler, jest and
 * esbuild-register all see the same set. Names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_users': m0001,
}
