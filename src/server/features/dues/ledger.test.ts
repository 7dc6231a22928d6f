import { execFileSync } from 'node:child_process'
import path from 'node:path'

// 2026-10-10T22:30Z is 01:30 on 11 October in Addis Ababa: the 1st of Tikimt 2019 there, still
// the 30th of Meskerem by UTC.
const LATE_NIGHT = '2026-10-10T22:30:00.000Z'

/**
 * The start months in a process of this time zone: Jest gives tests a copy of process.env, so
 * setting TZ inside a test does not change the zone its dates are read in.
 */
function startMonthsIn(zone: string): string[] {
  const ledger = path.join(__dirname, 'ledger.ts')
  const script = `
    const { householdStartMonthOf, startMonthOf } = require(${JSON.stringify(ledger)})
    const at = ${JSON.stringify(LATE_NIGHT)}
    console.log(JSON.stringify([
      startMonthOf({ start_month: null, date_joined: null, created_at: at }),
      householdStartMonthOf({ start_month: null, created_at: at }),
      startMonthOf({ start_month: null, date_joined: '2025-10-15', created_at: at }),
      startMonthOf({ start_month: '2018-05', date_joined: '2025-10-15', created_at: at }),
    ]))`
  const out = execFileSync(process.execPath, ['-r', 'esbuild-register', '-e', script], {
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
  })
  return JSON.parse(out) as string[]
}

describe('the month dues start from', () => {
  it('reads a registration on the day of the zone that decides "today"', () => {
    expect(startMonthsIn('Africa/Addis_Ababa')).toEqual([
      '2019-02',
      '2019-02',
      '2018-02',
      '2018-05',
    ])
    expect(startMonthsIn('UTC')).toEqual(['2019-01', '2019-01', '2018-02', '2018-05'])
  })
})
