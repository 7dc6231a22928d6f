import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { serverReached, serverUnreachable } from '../../app/connectionEvents'
import {
  createMachine,
  transitionTable,
  type EventOf,
  type TransitionTable,
} from '../../shared/createMachine'

/*
 * The PWA's four small machines (spec 2.4, 2.11). Each reducer asks its table whether the event
 * is legal in the current status and otherwise leaves the state alone, like the other slices.
 * What they track belongs to the device, not to who is signed in: none resets on sign-out.
 */

/** The service worker's update: a new build installed and waiting, then activated on request. */
export const UPDATE_TRANSITIONS = transitionTable({
  idle: { updateReady: 'available' },
  available: { updateAccepted: 'applying', updateDismissed: 'idle' },
  applying: {},
})
export type UpdateStatus = keyof typeof UPDATE_TRANSITIONS
export type UpdateEvent = EventOf<typeof UPDATE_TRANSITIONS>

/** The browser's own install prompt (beforeinstallprompt), usable once. */
export const INSTALL_TRANSITIONS = transitionTable({
  unavailable: { promptOffered: 'offered', appInstalled: 'installed' },
  offered: { installRequested: 'prompting', appInstalled: 'installed' },
  prompting: { promptAnswered: 'unavailable', appInstalled: 'installed' },
  installed: {},
})
export type InstallStatus = keyof typeof INSTALL_TRANSITIONS
export type InstallEvent = EventOf<typeof INSTALL_TRANSITIONS>

/** The install dialog: due 3 s after installation is offered (spec 9.6), once per session. */
export const DIALOG_TRANSITIONS = transitionTable({
  closed: { dialogScheduled: 'scheduled' },
  scheduled: { dialogDue: 'open' },
  open: { maybeLaterPressed: 'dismissed', installNowPressed: 'closed' },
  dismissed: {},
})
export type DialogStatus = keyof typeof DIALOG_TRANSITIONS
export type DialogEvent = EventOf<typeof DIALOG_TRANSITIONS>

/** The /version.json check on start (spec 2.11). */
export const VERSION_TRANSITIONS = transitionTable({
  unchecked: { versionCheckStarted: 'checking' },
  checking: {
    versionFirstSeen: 'current',
    versionMatched: 'current',
    versionChanged: 'changed',
    versionCheckFailed: 'failed',
  },
  current: {},
  changed: {},
  failed: {},
})
export type VersionStatus = keyof typeof VERSION_TRANSITIONS
export type VersionEvent = EventOf<typeof VERSION_TRANSITIONS>

export interface DeviceFacts {
  /** Already running as an installed app (display-mode: standalone, or iOS's navigator.standalone). */
  standalone: boolean
  /** iPhone/iPad Safari: no install prompt, so the dialog shows Add-to-Home-Screen steps. */
  ios: boolean
  /** localStorage installBannerDismissed (spec 3.7). */
  bannerDismissed: boolean
  /** sessionStorage installPromptDismissed (spec 3.7). */
  promptDismissed: boolean
  online: boolean
}

export interface PwaState {
  update: UpdateStatus
  install: InstallStatus
  dialog: DialogStatus
  version: VersionStatus
  device: DeviceFacts
}

export const initialPwaState: PwaState = {
  update: 'idle',
  install: 'unavailable',
  dialog: 'closed',
  version: 'unchecked',
  device: {
    standalone: false,
    ios: false,
    bannerDismissed: false,
    promptDismissed: false,
    online: true,
  },
}

type MachineField = 'update' | 'install' | 'dialog' | 'version'

/** One reducer per event that does nothing but move `field` along its table. */
function moves<
  F extends MachineField,
  T extends TransitionTable<PwaState[F], EventOf<T>>,
  const K extends EventOf<T>,
>(field: F, table: T, events: readonly K[]) {
  const machine = createMachine<PwaState[F], EventOf<T>, { status: PwaState[F] }>(table)
  return Object.fromEntries(
    events.map((event) => [
      event,
      (state: PwaState) => {
        state[field] = machine.next(state[field], event)
      },
    ]),
  ) as Record<K, (state: PwaState) => void>
}

const install = createMachine(INSTALL_TRANSITIONS)
const dialog = createMachine(DIALOG_TRANSITIONS)

const pwaSlice = createSlice({
  name: 'pwa',
  initialState: initialPwaState,
  reducers: {
    /** Read once on start from the browser and the device's storage. */
    started(state, action: PayloadAction<DeviceFacts>) {
      state.device = action.payload
      if (action.payload.standalone) state.install = 'installed'
    },
    ...moves('update', UPDATE_TRANSITIONS, ['updateReady', 'updateAccepted', 'updateDismissed']),
    ...moves('install', INSTALL_TRANSITIONS, [
      'promptOffered',
      'installRequested',
      'promptAnswered',
    ]),
    appInstalled(state) {
      state.install = install.next(state.install, 'appInstalled')
      state.dialog = state.dialog === 'open' ? 'closed' : state.dialog
    },
    dialogScheduled(state) {
      // Spec 2.4: never when already installed or dismissed in this session.
      if (state.device.standalone || state.device.promptDismissed) return
      state.dialog = dialog.next(state.dialog, 'dialogScheduled')
    },
    maybeLaterPressed(state) {
      const next = dialog.next(state.dialog, 'maybeLaterPressed')
      if (next !== state.dialog) state.device.promptDismissed = true
      state.dialog = next
    },
    bannerDismissed(state) {
      state.device.bannerDismissed = true
    },
    connectionChanged(state, action: PayloadAction<boolean>) {
      state.device.online = action.payload
    },
    ...moves('dialog', DIALOG_TRANSITIONS, ['dialogDue', 'installNowPressed']),
    ...moves('version', VERSION_TRANSITIONS, [
      'versionCheckStarted',
      'versionFirstSeen',
      'versionMatched',
      'versionChanged',
      'versionCheckFailed',
    ]),
  },
  extraReducers: (builder) => {
    builder
      .addCase(serverUnreachable, (state) => {
        state.device.online = false
      })
      .addCase(serverReached, (state) => {
        state.device.online = true
      })
  },
})

export const pwaActions = pwaSlice.actions
export default pwaSlice

type WithPwa = { pwa: PwaState }
export const selectPwa = (state: WithPwa) => state.pwa
// One field each, so that a screen re-renders only when what it shows changes (the version
// check alone moves state.pwa twice on every start).
export const selectPwaUpdate = (state: WithPwa) => state.pwa.update
export const selectPwaInstall = (state: WithPwa) => state.pwa.install
export const selectPwaDialog = (state: WithPwa) => state.pwa.dialog
export const selectPwaOnline = (state: WithPwa) => state.pwa.device.online
/** Spec 2.4: the banner shows until dismissed for good, and never inside the installed app. */
export const selectShowInstallBanner = (state: WithPwa) =>
  !state.pwa.device.bannerDismissed && state.pwa.install !== 'installed'
