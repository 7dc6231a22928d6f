import { useEffect, useState } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { getFile, registerFile } from '../../shared/fileRegistry'
import type { MemberSubmission } from '../members'
import { closeQueuedEdit, openQueuedEdit, sendQueue, updateQueued } from '../offline'
import { fromSubmission, type RegistrationValues } from './registrationValues'

export type QueuedEditState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'ready'; lastError: string | null }

/**
 * The wizard opened on a registration queued on this device (`/registration?queued=id`): loads
 * it into the form, photo included, and saves the edit back under the same id, then tries to
 * send it. While open, the queue's sends leave that registration alone (an edit is never lost
 * to a send of the old version). Answers 'none' when the wizard registers a new member.
 */
export function useQueuedEdit(
  queuedId: string | null,
  load: (values: RegistrationValues) => void,
): {
  state: QueuedEditState
  save: (values: MemberSubmission, photoId: string | null) => Promise<boolean>
} {
  const dispatch = useAppDispatch()
  const [state, setState] = useState<QueuedEditState>(
    queuedId ? { kind: 'loading' } : { kind: 'none' },
  )
  useEffect(() => {
    if (!queuedId) return
    let live = true
    void dispatch(openQueuedEdit(queuedId)).then((entry) => {
      if (!live) return
      if (!entry) {
        setState({ kind: 'missing' })
        return
      }
      const values = fromSubmission(entry.values)
      if (entry.photo) {
        const type = entry.photo.type || 'image/jpeg'
        values.photoId = registerFile(new File([entry.photo], 'photo.jpg', { type }))
      }
      load(values)
      setState({ kind: 'ready', lastError: entry.lastError })
    })
    return () => {
      live = false
      dispatch(closeQueuedEdit(queuedId))
    }
    // Loaded once per queued id; `load` is the screen's form reset.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, queuedId])

  const save = async (values: MemberSubmission, photoId: string | null) => {
    if (!queuedId) return false
    const photo = getFile(photoId) ?? null
    const saved = await dispatch(updateQueued({ id: queuedId, values, photo }))
    dispatch(closeQueuedEdit(queuedId))
    if (saved) void dispatch(sendQueue(queuedId))
    return saved
  }
  return { state, save }
}
