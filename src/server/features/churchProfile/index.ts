// The church profile (issue 46): name in three languages, contacts, logo, currency, receipt
// signatory and the good-standing rule; every printed paper reads it.
export { duesSettings, duesSettingsOf } from './service'
export { PROFILE_ID } from './repository'
