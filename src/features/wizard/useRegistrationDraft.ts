import { useEffect, useRef, useState } from 'react'
import type { AuthUser } from '../auth'
import {
  clearDraft,
  hasContent,
  loadDraft,
  saveDraft,
  type RegistrationDraft,
} from './registrationDraft'
import type { RegistrationValues } from './registrationValues'
import type { WizardStatus } from './wizardSlice'

/** Typing settles this long before the draft is written (and at once when the tab hides). */
export const DRAFT_SAVE_DELAY_MS = 400

/**
 * Keeps the wizard's values and step in this tab's sessionStorage for the signed-in account,
 * and offers a kept draft back when the screen opens (issue 28). While the offer is open the
 * draft is left alone, so typing before answering cannot overwrite it.
 */
export function useRegistrationDraft({
  user,
  values,
  step,
  status,
  restore,
}: {
  user: AuthUser | null
  values: RegistrationValues
  step: number
  status: WizardStatus
  restore: (draft: RegistrationDraft) => void
}) {
  const [offer, setOffer] = useState<RegistrationDraft | null>(() =>
    status === 'submitting' ? null : loadDraft(user),
  )
  const latest = useRef({ values, step })
  latest.current = { values, step }
  const sending = status === 'submitting' || status === 'succeeded'

  useEffect(() => {
    if (status === 'succeeded') clearDraft()
  }, [status])

  useEffect(() => {
    if (offer || sending || !user) return
    const write = () => {
      if (hasContent(latest.current.values))
        saveDraft(user, latest.current.step, latest.current.values)
      else clearDraft()
    }
    const timer = setTimeout(write, DRAFT_SAVE_DELAY_MS)
    window.addEventListener('pagehide', write)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('pagehide', write)
    }
  }, [values, step, offer, sending, user])

  return {
    offer,
    accept: () => {
      if (offer) restore(offer)
      setOffer(null)
    },
    discard: () => {
      clearDraft()
      setOffer(null)
    },
  }
}
