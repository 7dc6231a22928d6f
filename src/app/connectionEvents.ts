import { createAction } from '@reduxjs/toolkit'

/**
 * What the app's own requests learn about the connection (the offline notice listens). The
 * browser's online/offline events are not enough on their own: a phone on a network with no way
 * out (a dead mobile link, a captive Wi-Fi) still says it is online.
 */
export const serverUnreachable = createAction('connection/serverUnreachable')
export const serverReached = createAction('connection/serverReached')
