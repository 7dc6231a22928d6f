import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { loggedOut } from '../../app/sessionEvents'
import { accountApi } from './accountApi'

const SERVER_WAIT_MS = 3000

/**
 * Ends the session on the server first, so the token is refused from now on, then clears the
 * device. Offline or slow, the device is cleared all the same after a short wait.
 */
export const signOut =
  () =>
  async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<void> => {
    const request = dispatch(accountApi.endpoints.logout.initiate())
    const timer = new Promise((resolve) => setTimeout(resolve, SERVER_WAIT_MS))
    try {
      await Promise.race([request.unwrap(), timer])
    } catch {
      // Unreachable server or an already ended session: the device is cleared below anyway.
    } finally {
      request.reset()
    }
    dispatch(loggedOut())
  }
