// antd's strings in Amharic (antd ships none).
import { antdLocale } from './antdLocaleBase'
import words from './antdAm.json'

export const amLocale = antdLocale('am', words)
