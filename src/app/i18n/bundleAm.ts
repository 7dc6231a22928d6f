import amSignIn from '@locales/am.json?part=signIn'
import { amLocale } from './antdAm'
import type { LanguageBundle } from './bundles'

/** Amharic as the entry chunk carries it: the messages the sign-in route can show. */
const bundle: LanguageBundle = { messages: amSignIn, antdLocale: amLocale }
export default bundle
