/** Where the signed-in session's token is kept (localStorage). Spec 2.1 clears it on every start. */
export const TOKEN_KEY = 'token'
