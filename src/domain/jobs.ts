// The job field is text: the English labels of the chosen jobs joined with ", ", plus any custom
// job text (spec 3.2, 5.7). The wizard keeps selectedJobs/customJob as helpers only.
import { JOBS, type JobKey } from './enums'
import { splitCommaList, uniqueEntries } from './listFields'

export const JOB_SEPARATOR = ', '

export interface ParsedJob {
  selectedJobs: JobKey[]
  customJob: string
}

/** Entries split by comma, trimmed, empty entries dropped, duplicates removed, joined by ", ". */
export function normalizeJobText(text: string): string {
  return uniqueEntries(splitCommaList(text)).join(JOB_SEPARATOR)
}

/**
 * Builds the stored job text. Each selected key contributes its English label ('other' adds no
 * label of its own); the custom text is split into entries and appended. Entries are de-duplicated
 * case-insensitively, the first spelling kept.
 */
export function buildJobValue(selectedJobKeys: readonly string[], customJob: string): string {
  const labels: string[] = []
  for (const key of selectedJobKeys) {
    if (key === 'other') continue
    const option = JOBS.find((job) => job.key === key)
    if (option) labels.push(option.label)
  }
  const entries: string[] = []
  const seen = new Set<string>()
  for (const entry of [...labels, ...splitCommaList(customJob)]) {
    const folded = entry.toLowerCase()
    if (seen.has(folded)) continue
    seen.add(folded)
    entries.push(entry)
  }
  return entries.join(JOB_SEPARATOR)
}

/**
 * Reads a stored job text back into the wizard/edit helpers: known English labels (or keys, any
 * case) become their keys; every other entry is custom text, which selects 'other'.
 */
export function parseJobValue(job: string | null | undefined): ParsedJob {
  const selectedJobs: JobKey[] = []
  const custom: string[] = []
  for (const entry of uniqueEntries(splitCommaList(job ?? ''))) {
    const folded = entry.toLowerCase()
    const option = JOBS.find(
      (o) =>
        o.key !== 'other' && (o.label.toLowerCase() === folded || o.key.toLowerCase() === folded),
    )
    if (option) {
      if (!selectedJobs.includes(option.key)) selectedJobs.push(option.key)
    } else {
      custom.push(entry)
    }
  }
  if (custom.length > 0) selectedJobs.push('other')
  return { selectedJobs, customJob: custom.join(JOB_SEPARATOR) }
}
