import en from '../../../locales/en.json'
import type { LanguageBundle } from './bundles'

// antd's own strings stay its built-in English.
const bundle: LanguageBundle = { messages: en }
export default bundle
