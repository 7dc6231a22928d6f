import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'

/*
 * Every key's ICU structure must agree across en, am and om: the same arguments with the same
 * types, and plurals/selects offering the same cases (am and om may add plural categories of
 * their own, but never drop `other` or a select case). A translator who renames {name} or
 * drops a select branch breaks the message only in one language, which no other test sees.
 */
type Shape = Record<string, string>

function shapeOf(elements: MessageFormatElement[], into: Shape = {}): Shape {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        into[element.value] ??= 'argument'
        break
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into[element.value] = TYPE[element.type]
        break
      case TYPE.select:
        into[element.value] = `select:${Object.keys(element.options).sort().join('|')}`
        for (const option of Object.values(element.options)) shapeOf(option.value, into)
        break
      case TYPE.plural:
        into[element.value] = element.pluralType === 'ordinal' ? 'selectordinal' : 'plural'
        for (const option of Object.values(element.options)) shapeOf(option.value, into)
        break
      case TYPE.tag:
        into[`<${element.value}>`] = 'tag'
        shapeOf(element.children, into)
        break
      default:
        break
    }
  }
  return into
}

function pluralCases(elements: MessageFormatElement[], into: Record<string, string[]> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into[element.value] = Object.keys(element.options)
      for (const option of Object.values(element.options)) pluralCases(option.value, into)
    }
    if (element.type === TYPE.tag) pluralCases(element.children, into)
  }
  return into
}

const catalogs = { en, am, om } as Record<string, Record<string, string>>

describe('ICU messages agree across en, am and om', () => {
  it.each(['en', 'am', 'om'])('every %s message parses', (lang) => {
    const broken = Object.entries(catalogs[lang]).filter(([, text]) => {
      try {
        parse(text)
        return false
      } catch {
        return true
      }
    })
    expect(broken.map(([key]) => key)).toEqual([])
  })

  it.each(['am', 'om'])('%s keeps every key’s arguments, plurals and selects', (lang) => {
    const mismatched = Object.entries(catalogs.en)
      .filter(([key, text]) => {
        const translated = catalogs[lang][key]
        if (translated === undefined) return true
        // Sorted: a translation may put the arguments in another order.
        const sorted = (shape: Shape) => JSON.stringify(Object.entries(shape).sort())
        return sorted(shapeOf(parse(text))) !== sorted(shapeOf(parse(translated)))
      })
      .map(([key]) => key)
    expect(mismatched).toEqual([])
  })

  it.each(['am', 'om'])('%s plurals keep `other` and every exact case of English', (lang) => {
    const missing = Object.entries(catalogs.en).flatMap(([key, text]) => {
      const theirs = pluralCases(parse(catalogs[lang][key] ?? ''))
      return Object.entries(pluralCases(parse(text))).flatMap(([arg, cases]) =>
        cases
          .filter((c) => (c === 'other' || c.startsWith('=')) && !theirs[arg]?.includes(c))
          .map((c) => `${key}:${arg}:${c}`),
      )
    })
    expect(missing).toEqual([])
  })

  it('the shape check catches a renamed argument and a dropped select case', () => {
    const good = shapeOf(parse('{n, select, a {x {who}} other {y}}'))
    expect(shapeOf(parse('{n, select, a {x {whom}} other {y}}'))).not.toEqual(good)
    expect(shapeOf(parse('{n, select, other {y {who}}}'))).not.toEqual(good)
    expect(shapeOf(parse('{n, select, other {y} a {z {who}}}'))).toEqual(good)
  })
})
