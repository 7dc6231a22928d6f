import { emptyHousehold, type Household } from '../domain'

/** Household 5, "Abebe family", no members yet, as GET /api/households/5 answers it. */
export function storedHousehold(fields: Partial<Household> = {}): Household {
  return {
    ...emptyHousehold('Abebe family'),
    id: 5,
    created_at: '2026-11-01T00:00:00Z',
    created_by: 'clerk',
    updated_at: '2026-11-01T00:00:00Z',
    updated_by: 'clerk',
    members: [],
    ...fields,
  }
}
