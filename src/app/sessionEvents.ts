import { createAction, isAnyOf } from '@reduxjs/toolkit'

/** App-wide events that several slices react to. */
export const sessionExpired = createAction('session/expired')
export const loggedOut = createAction('session/loggedOut')

/** The session is over, however it ended: slices of what the last person did reset on it. */
export const sessionEnded = isAnyOf(sessionExpired, loggedOut)
