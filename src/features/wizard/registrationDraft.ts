// A half-filled registration kept in this tab's sessionStorage (issue 28): the spec ends the
// session at every start, so a reloaded tab would otherwise lose the form. The draft belongs to
// one account and is offered back only to it; the photo stays out (its bytes live in memory).
import { emptyRegistration, type RegistrationValues } from './registrationValues'

export const DRAFT_KEY = 'registrationDraft'

export interface DraftOwner {
  id: number
  username: string
}

export interface RegistrationDraft {
  owner: DraftOwner
  step: number
  values: RegistrationValues
  savedAt: string
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** Whether the values differ from an empty form (nothing worth keeping otherwise). */
export function hasContent(values: RegistrationValues): boolean {
  const empty = emptyRegistration() as unknown as Record<string, unknown>
  return Object.entries(values).some(
    ([key, value]) => key !== 'photoId' && JSON.stringify(value) !== JSON.stringify(empty[key]),
  )
}

export function saveDraft(owner: DraftOwner, step: number, values: RegistrationValues): void {
  const draft: RegistrationDraft = {
    owner: { id: owner.id, username: owner.username },
    step,
    values: { ...values, photoId: null },
    savedAt: new Date().toISOString(),
  }
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // A full or refused storage loses the draft, never the form on screen.
  }
}

/** The draft of this account, or null: another account's draft is never handed out. */
export function loadDraft(owner: DraftOwner | null | undefined): RegistrationDraft | null {
  if (!owner) return null
  const text = storage()?.getItem(DRAFT_KEY)
  if (!text) return null
  try {
    const draft = JSON.parse(text) as Partial<RegistrationDraft>
    if (draft.owner?.id !== owner.id || draft.owner?.username !== owner.username) return null
    if (!draft.values || typeof draft.values !== 'object') return null
    const step = Number.isInteger(draft.step) ? (draft.step as number) : 0
    // Fields added since the draft was written start empty; unknown ones are dropped.
    const base = emptyRegistration()
    const values = Object.fromEntries(
      Object.keys(base).map((key) => [
        key,
        key in draft.values!
          ? (draft.values as Record<string, unknown>)[key]
          : base[key as keyof RegistrationValues],
      ]),
    ) as unknown as RegistrationValues
    return {
      owner: draft.owner,
      step,
      values: { ...values, photoId: null },
      savedAt: draft.savedAt ?? '',
    }
  } catch {
    return null
  }
}

export function clearDraft(): void {
  storage()?.removeItem(DRAFT_KEY)
}
