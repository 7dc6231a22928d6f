// antd's strings in Afaan Oromoo (antd ships none).
import { antdLocale } from './antdLocaleBase'
import words from './antdOm.json'

export const omLocale = antdLocale('om', words)
