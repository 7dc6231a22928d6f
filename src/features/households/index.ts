// The households feature's public face (issue 44): other features import from here only.
export { FamilySection } from './FamilySection'
export { useHeadedHousehold } from './headedHousehold'
export { type FamilyRegistration, useFamilyRegistration } from './familyPrefill'
export { placeInHousehold } from './householdsApi'
