import am from '../../../locales/am.json'
import { amLocale } from './antdAm'
import type { LanguageBundle } from './bundles'

const bundle: LanguageBundle = { messages: am, antdLocale: amLocale }
export default bundle
