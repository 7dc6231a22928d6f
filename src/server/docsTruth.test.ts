// docs/architecture.md names what the code has, no more and no less. Each check reads one list
// from the code and the same list from the doc; a further check (a machine's states, say) is
// one more entry in CHECKS.
import fs from 'node:fs'
import path from 'node:path'

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
