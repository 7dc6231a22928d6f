// npm run seed -- --members N [--owner NAME] [--payments MONTHS]: adds N demo members to the
// database the server uses (DATABASE_URL, or DATA_DIR/abal.sqlite), owned by NAME (default
// admin), groups them into households of 1–9 members, and with --payments gives the account's
// members that many months of dues payments (issue 46).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { findUserByUsername, hashPassword, insertUser } from '../features/accounts'
import { seedHouseholds } from './seedHouseholds'
import { seedMembers } from './seedMembers'
import { seedPayments } from './seedPayments'

const USAGE =
  'Usage: npm run seed -- --members N [--owner NAME] [--seed NUMBER] [--payments MONTHS]\n'

export interface SeedArgs {
  members: number
  owner: string
  seed: number
  /** Months of dues payments to add (0: none). */
  payments: number
}

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const args: SeedArgs = { members: 0, owner: 'admin', seed: Date.now() % 2 ** 31, payments: 0 }
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2)
    const value = inline ?? argv[++i]
    if (flag === '--members') args.members = Number(value)
    else if (flag === '--owner') args.owner = (value ?? '').trim()
    else if (flag === '--seed') args.seed = Number(value)
    else if (flag === '--payments') args.payments = Number(value)
    else throw new Error(`Unknown option ${flag}\n${USAGE}`)
  }
  if (!Number.isSafeInteger(args.members) || args.members < 1) {
    throw new Error(`--members must be a positive whole number\n${USAGE}`)
  }
  if (!args.owner) throw new Error(`--owner needs a username\n${USAGE}`)
  if (!Number.isSafeInteger(args.seed)) throw new Error(`--seed must be a whole number\n${USAGE}`)
  if (!Number.isInteger(args.payments) || args.payments < 0 || args.payments > 120) {
    throw new Error(`--payments must be a number of months, 0 to 120\n${USAGE}`)
  }
  return args
}

async function main() {
  const args = parseSeedArgs(process.argv.slice(2))
  const config = loadConfig()
  fs.mkdirSync(config.dataDir, { recursive: true })
  const database = openDatabase({
    url: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'abal.sqlite'),
  })
  try {
    await migrateToLatest(database.db)
    let owner = await findUserByUsername(database.db, args.owner)
    if (!owner) {
      // Printed once so the demo account can sign in; only its hash is stored.
      const password = crypto.randomBytes(12).toString('base64url')
      const created = await insertUser(database.db, args.owner, await hashPassword(password))
      owner = await findUserByUsername(database.db, created.username)
      process.stdout.write(`Created the account "${args.owner}" with the password ${password}\n`)
    }
    if (!owner) throw new Error(`Could not create the account "${args.owner}"`)
    const started = performance.now()
    const ownerId = owner.id
    await seedMembers(database.db, {
      ownerId,
      ownerName: owner.username,
      count: args.members,
      seed: args.seed,
      onProgress: (done) => process.stdout.write(`\r  ${done} / ${args.members} members`),
    })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    process.stdout.write(
      `\nAdded ${args.members} members for ${owner.username} in ${seconds} s (${database.dialect})\n`,
    )
    // Families of the members just added (and any others of the account in none): issue 44.
    const grouping = performance.now()
    const households = await seedHouseholds(database.db, {
      ownerId,
      ownerName: owner.username,
      seed: args.seed,
      onProgress: (done) => process.stdout.write(`\r  ${done} households`),
    })
    const groupSeconds = ((performance.now() - grouping) / 1000).toFixed(1)
    process.stdout.write(`\nGrouped them into ${households} households in ${groupSeconds} s\n`)
    if (args.payments > 0) {
      const paying = performance.now()
      const payments = await seedPayments(database.db, {
        ownerId,
        ownerName: owner.username,
        months: args.payments,
        seed: args.seed,
        onProgress: (done) => process.stdout.write(`\r  ${done} payments`),
      })
      const paySeconds = ((performance.now() - paying) / 1000).toFixed(1)
      process.stdout.write(`\nRecorded ${payments} payments in ${paySeconds} s\n`)
    }
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  })
}
