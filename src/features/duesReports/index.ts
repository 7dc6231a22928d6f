// The dues reports feature's public face (issue 46): the screens load lazily from the router.
export { DuesFigures } from './DuesFigures'
