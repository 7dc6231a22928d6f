import { TOKEN_KEY } from './token'

/** Spec 2.1: on every application start the stored token is removed (a fresh sign-in each load). */
export function forgetSessionOnStart(storage: Storage = localStorage): void {
  storage.removeItem(TOKEN_KEY)
}
