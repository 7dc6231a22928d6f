// The accounts feature's public surface: what app.ts, cli/ and other features may use.
export { type Action, type Caller, FORBIDDEN, GRANTS, may, ownerScope } from './policy'
export { PASSWORD_PROBLEM_TEXT, passwordProblem } from './passwordPolicy'
export { hashPassword, verifyPassword } from './passwords'
export {
  type Account,
  deleteUser,
  findAccount,
  findAccountState,
  findUserByUsername,
  insertUser,
  listAccounts,
  recordSignIn,
  setUserDisabled,
  updatePassword,
} from './repository'
