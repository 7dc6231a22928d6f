import om from '../../../locales/om.json'
import { omLocale } from './antdLocales'
import type { LanguageBundle } from './bundles'

const bundle: LanguageBundle = { messages: om, antdLocale: omLocale }
export default bundle
