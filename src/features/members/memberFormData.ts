import { type Member, MEMBER_INPUT_FIELDS } from '../../domain'

/** Values the client sends: member fields plus the wizard's job helper fields (spec 3.2). */
export type MemberSubmission = Partial<Record<string, unknown>>

function appendValue(form: FormData, key: string, value: unknown) {
  if (Array.isArray(value)) form.append(key, JSON.stringify(value))
  else if (typeof value === 'boolean') form.append(key, value ? 'true' : 'false')
  else form.append(key, String(value))
}

/**
 * Spec 7.3: every form field is a part (helper fields and registerd_by included), arrays as JSON
 * strings, null and undefined omitted, the photo as the file part `photo`, and a `job` part
 * always present (empty when no job is set).
 */
export function createMemberFormData(values: MemberSubmission, photo?: File): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(values)) {
    if (key === 'job' || key === 'photo' || value === null || value === undefined) continue
    appendValue(form, key, value)
  }
  form.append('job', typeof values.job === 'string' ? values.job : '')
  if (photo) form.append('photo', photo, photo.name || 'photo.jpg')
  return form
}

/**
 * Spec 7.4: every member field except photo and photo_path, plus job; nulls as empty strings
 * (which clear the field); a newly picked photo in the `photo` part.
 */
export function updateMemberFormData(values: Partial<Member>, photo?: File): FormData {
  const form = new FormData()
  for (const field of MEMBER_INPUT_FIELDS) {
    if (field === 'job' || !(field in values)) continue
    const value = values[field]
    if (value === null || value === undefined) form.append(field, '')
    else appendValue(form, field, value)
  }
  form.append('job', typeof values.job === 'string' ? values.job : '')
  if (photo) form.append('photo', photo, photo.name || 'photo.jpg')
  return form
}
