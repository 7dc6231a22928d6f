// A part of a locales/*.json catalogue (webpack: scripts/compile-messages-loader.cjs; jest maps
// it to the whole catalogue). `@locales` is the locales/ folder.
declare module '@locales/*?part=signIn' {
  const messages: Record<string, string>
  export default messages
}
declare module '@locales/*?part=rest' {
  const messages: Record<string, string>
  export default messages
}
