import { createAction } from '@reduxjs/toolkit'

/** App-wide events that several slices react to. */
export const sessionExpired = createAction('session/expired')
export const loggedOut = createAction('session/loggedOut')
