// npm run bench:handover: times an admin's hand-over of a whole account (every member and
// household to another account, one transaction) on a temporary SQLite file, or in a temporary
// schema of BENCH_DATABASE_URL's PostgreSQL database. BENCH_MEMBERS (10,000) seeded members,
// grouped into households as `npm run seed` groups them.
import { seedHouseholds } from '../src/server/cli/seedHouseholds'
import { seedMembers } from '../src/server/cli/seedMembers'
import { insertUser } from '../src/server/features/accounts/repository'
import { transferAllMembers } from '../src/server/features/accounts/service'
import { benchDatabase } from './benchDatabase'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000)

async function main() {
  const { db, destroy } = await benchDatabase('handover')
  try {
    // Seeded rows only: no one signs in, so the accounts need no real password.
    const from = await insertUser(db, 'leaving', 'not-a-password-hash')
    const to = await insertUser(db, 'taking-over', 'not-a-password-hash')
    await seedMembers(db, { ownerId: from.id, ownerName: from.username, count: MEMBERS, seed: 1 })
    const households = await seedHouseholds(db, { ownerId: from.id, ownerName: from.username })
    const started = performance.now()
    const moved = await transferAllMembers(db, { id: 0, username: 'admin' }, from.id, to.id)
    const seconds = ((performance.now() - started) / 1000).toFixed(2)
    process.stdout.write(
      `hand-over of ${moved} members in ${households} households: ${seconds} s\n`,
    )
  } finally {
    await destroy()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
