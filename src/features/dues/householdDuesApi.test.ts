import { makeStore } from '../../app/store'
import type { HouseholdDuesAnswer } from '../../domain'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { householdDuesApi } from './householdDuesApi'

const ANSWER: HouseholdDuesAnswer = {
  household_id: 7,
  fund_id: 2,
  year: 2017,
  currency: 'ETB',
  start_month: '2017-01',
  start_month_set: true,
  category: '',
  current_month: '2018-05',
  months: [{ month: '2017-01', due: 8000, paid: 8000, state: 'paid' }],
  arrears: { months: 0, amount: 0 },
  good_standing: true,
  rule: { kind: 'max_unpaid', months: 0 },
}

let server: MockServer
beforeEach(() => {
  server = installMockServer()
})
afterEach(() => server.restore())

describe('householdDues', () => {
  it('asks for the household, its fund and year, and answers the strip', async () => {
    server.on('GET', '/api/households/7/dues', { json: ANSWER })
    const { store } = makeStore()
    const result = await store
      .dispatch(
        householdDuesApi.endpoints.householdDues.initiate({
          householdId: 7,
          fundId: 2,
          year: 2017,
        }),
      )
      .unwrap()
    expect(result).toEqual(ANSWER)
    expect(server.requests).toHaveLength(1)
    expect(Object.fromEntries(server.requests[0].search)).toEqual({ fund_id: '2', year: '2017' })
  })

  it('leaves fund and year to the server when not given, and passes a 404 on', async () => {
    server.on('GET', '/api/households/8/dues', { status: 404, json: { message: 'Not found' } })
    const { store } = makeStore()
    const result = await store.dispatch(
      householdDuesApi.endpoints.householdDues.initiate({ householdId: 8 }),
    )
    expect(result.error).toMatchObject({ status: 404 })
    expect(server.requests[0].search.toString()).toBe('')
  })
})
