export { AppLayout } from './AppLayout'
export { BrandMark } from './BrandMark'
export { PreferenceControls, LANGUAGE_ENDONYMS } from './PreferenceControls'
