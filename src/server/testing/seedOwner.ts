import { seedMembers } from '../cli/seedMembers'
import { insertUser, type Db } from '../features/accounts/repository'

/** An account that never signs in (password hash 'x'), owning `count` members made from `seed`. */
export async function seedOwner(db: Db, username: string, count: number, seed: number) {
  const owner = await insertUser(db, username, 'x')
  await seedMembers(db, { ownerId: owner.id, ownerName: username, count, seed })
  return owner
}
