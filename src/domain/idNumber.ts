// Member ID number printed on the ID card (spec 3.6, 9.8).

/**
 * CM-{year}-{id zero-padded to 6 digits}, e.g. memberIdNumber(42, 2025) → "CM-2025-000042". The
 * year is Gregorian in every language and calendar, so a member's number reads the same for all.
 */
export function memberIdNumber(id: number, year: number = new Date().getFullYear()): string {
  return `CM-${year}-${String(id).padStart(6, '0')}`
}
