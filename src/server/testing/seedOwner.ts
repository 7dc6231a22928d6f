import { seedMembers } from '../cli/seedMembers'
import { insertUser } from '../features/accounts/repository'
import type { Db } from '../db/tables'

/** An account that never signs in (password hash 'x'), owning `count` members made from `seed`. */
export async function seedOwner(db: Db, username: string, count: number, seed: number) {
  const owner = await insertUser(db, username, 'x')
  await seedMembers(db, { ownerId: owner.id, ownerName: username, count, seed })
  return owner
}
