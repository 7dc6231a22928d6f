// docs/architecture.md names what the code has, no more and no less. Each check reads one list
// from the code and the same list from the doc; a further check (a machine's states, say) is
// one more entry in CHECKS.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(__dirname, '../..')
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

/** The subfolders of a folder of the repository. */
function folders(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

/** The lines of the doc from a heading that contains `title` up to the next heading. */
function section(title: string): string[] {
  const lines = doc.split('\n')
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.includes(title))
  if (start < 0) throw new Error(`docs/architecture.md has no heading with "${title}"`)
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line))
  return lines.slice(start + 1, end < 0 ? undefined : end)
}

/** The first cell of each row of a section's table, without its backticks. */
function firstColumn(lines: string[]): string[] {
  return lines
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1) // the header row
    .map((line) => line.split('|')[1].trim().replace(/`/g, ''))
}

/** The .ts and .tsx files under a folder of the repository, tests left out. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sources(rel)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : []
  })
}

/**
 * Every state machine of the client, as "TABLE: state": each constant made by
 * `transitionTable({...})` (src/shared/createMachine.ts) and the states its object literal lists.
 */
function machineStatesInCode(): string[] {
  return sources('src/features').flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    if (!text.includes('transitionTable(')) return []
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
    const found: string[] = []
    source.forEachChild(function visit(node) {
      const call = ts.isVariableDeclaration(node) ? node.initializer : undefined
      const table =
        call && ts.isCallExpression(call) && call.expression.getText(source) === 'transitionTable'
          ? call.arguments[0]
          : undefined
      if (ts.isVariableDeclaration(node) && table && ts.isObjectLiteralExpression(table)) {
        for (const property of table.properties) {
          found.push(`${node.name.getText(source)}: ${property.name?.getText(source)}`)
        }
      }
      node.forEachChild(visit)
    })
    return found
  })
}

/** The doc's machine table: "TABLE: state" for each state of each row. */
function machineStatesInDoc(): string[] {
  return section('State machines')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .flatMap((line) => {
      const [, , table, states] = line.split('|').map((cell) => cell.trim().replace(/`/g, ''))
      return states.split(',').map((state) => `${table}: ${state.trim()}`)
    })
}

const CHECKS: { name: string; inCode: () => string[]; inDoc: () => string[] }[] = [
  {
    name: 'client feature folders',
    inCode: () => folders('src/features'),
    inDoc: () => firstColumn(section('Client features (`src/features/`)')),
  },
  {
    name: 'server feature folders',
    inCode: () => folders('src/server/features'),
    inDoc: () => firstColumn(section('Server features (`src/server/features/`)')),
  },
  {
    name: 'state machines and their states',
    inCode: machineStatesInCode,
    inDoc: machineStatesInDoc,
  },
]

describe('docs/architecture.md', () => {
  it.each(CHECKS)('names the same $name as the code', ({ inCode, inDoc }) => {
    const code = [...new Set(inCode())].sort()
    const documented = [...new Set(inDoc())].sort()
    expect(code.length).toBeGreaterThan(0)
    expect({ missingFromDoc: code.filter((name) => !documented.includes(name)) }).toEqual({
      missingFromDoc: [],
    })
    expect({ missingFromCode: documented.filter((name) => !code.includes(name)) }).toEqual({
      missingFromCode: [],
    })
  })
})
