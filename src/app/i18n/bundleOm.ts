import om from '../../../locales/om.json'
import { omLocale } from './antdOm'
import type { LanguageBundle } from './bundles'

const bundle: LanguageBundle = { messages: om, antdLocale: omLocale }
export default bundle
