import amRest from '@locales/am.json?part=rest'

/** The Amharic messages of the signed-in app, which the entry chunk leaves out. */
export default amRest
