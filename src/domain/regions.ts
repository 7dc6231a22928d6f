// The regions and chartered cities of Ethiopia, offered for the address's Region (state) field.
// A suggestion list only: the field stays free text, stored as written.

export const ETHIOPIAN_REGIONS = [
  'addisAbaba',
  'afar',
  'amhara',
  'benishangulGumuz',
  'centralEthiopia',
  'direDawa',
  'gambela',
  'harari',
  'oromia',
  'sidama',
  'somali',
  'southEthiopia',
  'southWestEthiopia',
  'tigray',
] as const

export type EthiopianRegion = (typeof ETHIOPIAN_REGIONS)[number]

/** The message id of a region's name: 'region.oromia'. */
export const regionMessageId = (region: EthiopianRegion) => `region.${region}`
