// The glossary's rule of address (locales/GLOSSARY.md): the polite form in Amharic (ያስቀምጡ, not
// አስቀምጥ) and the polite plural in Afaan Oromoo (olkaa'aa, not olkaa'i), in every text we show.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'
import { amLocale } from './antdAm'
import { omLocale } from './antdOm'

const glossary = readFileSync(join(__dirname, '../../../locales/GLOSSARY.md'), 'utf8')

/** The words listed on the glossary's line "- Familiar in <language>: a, b, c". */
function familiarForms(language: string): string[] {
  const line = glossary.split('\n').find((l) => l.startsWith(`- Familiar in ${language}:`))
  if (!line) throw new Error(`GLOSSARY.md has no "Familiar in ${language}" line`)
  return line
    .slice(line.indexOf(':') + 1)
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
}

/** Every string inside antd's locale object (button and picker words). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

// A device's own menu words, quoted, are its wording (the glossary allows them).
const unquoted = (text: string) => text.replace(/«[^»]*»|“[^”]*”/g, ' ')
const words = (text: string) =>
  unquoted(text)
    .replace(/\{[^{}]*\}/g, ' ')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[\s።፣፤፦፥,.;:!?()«»{}[\]/…—–-]+/)
    .filter(Boolean)

/** "key: word" for every text holding one of the forbidden words. */
function offenders(texts: [string, string][], forbidden: string[]): string[] {
  const refused = new Set(forbidden)
  return texts.flatMap(([key, text]) =>
    words(text)
      .filter((word) => refused.has(word))
      .map((word) => `${key}: ${word}`),
  )
}

describe('the polite form of address', () => {
  it('the glossary lists the familiar forms for both languages', () => {
    expect(familiarForms('Amharic')).toEqual(expect.arrayContaining(['አስቀምጥ', 'ቀይር', 'አትም']))
    expect(familiarForms('Afaan Oromoo')).toEqual(
      expect.arrayContaining(['jijjiiri', 'agarsiisi', 'maxxansi', "deebi'i", 'kee']),
    )
  })

  it('flags a familiar form, and leaves a quoted menu word alone', () => {
    const am = familiarForms('Amharic')
    const om = familiarForms('Afaan Oromoo')
    expect(offenders([['x', 'የይለፍ ቃል ቀይር']], am)).toEqual(['x: ቀይር'])
    expect(offenders([['x', 'ሪፖርት አትም።']], am)).toEqual(['x: አትም'])
    expect(offenders([['x', 'የይለፍ ቃል ይቀይሩ']], am)).toEqual([])
    expect(offenders([['x', 'ምናሌውን ከፍተው «መተግበሪያ ጫን» ይምረጡ']], am)).toEqual([])
    expect(offenders([['x', 'Jecha darbii haaraa irra deebi\u2019i']], om)).toEqual(["x: deebi'i"])
    expect(offenders([['x', 'Gabaasa Maxxansi']], om)).toEqual(['x: maxxansi'])
    expect(offenders([['x', 'Jecha darbii kee galchaa']], om)).toEqual(['x: kee'])
    expect(offenders([['x', 'Gabaasa maxxansaa']], om)).toEqual([])
  })

  it('Amharic texts never use a familiar form the glossary lists', () => {
    const texts: [string, string][] = [
      ...Object.entries(am as Record<string, string>),
      ...strings(amLocale).map((text): [string, string] => ['antd', text]),
    ]
    expect(offenders(texts, familiarForms('Amharic'))).toEqual([])
  })

  it('Afaan Oromoo texts never use a familiar form the glossary lists', () => {
    const texts: [string, string][] = [
      ...Object.entries(om as Record<string, string>),
      ...strings(omLocale).map((text): [string, string] => ['antd', text]),
    ]
    expect(offenders(texts, familiarForms('Afaan Oromoo'))).toEqual([])
  })

  it('English and Afaan Oromoo quote with “…”, as the glossary says; «…» is Amharic', () => {
    const guillemets = (lang: string, texts: Record<string, string>) =>
      Object.entries(texts)
        .filter(([, text]) => /[«»]/.test(text))
        .map(([key]) => `${lang}: ${key}`)
    expect([...guillemets('en', en), ...guillemets('om', om)]).toEqual([])
  })
})
