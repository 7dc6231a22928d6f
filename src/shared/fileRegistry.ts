/**
 * Files (a picked or captured photo) never enter the Redux store: they wait here under an id,
 * and actions and mutation arguments carry only that id.
 */
const files = new Map<string, File>()
let counter = 0

export function registerFile(file: File): string {
  counter += 1
  const id = `file-${counter}-${Date.now().toString(36)}`
  files.set(id, file)
  return id
}

export function getFile(id: string | null | undefined): File | undefined {
  return id ? files.get(id) : undefined
}

export function releaseFile(id: string | null | undefined): void {
  if (id) files.delete(id)
}
