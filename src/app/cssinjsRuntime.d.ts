// The original module, imported with a query so that webpack's replacement (webpack.config.ts)
// does not swap this import for src/app/antdCssVarRegister.ts itself.
declare module '@ant-design/cssinjs/es/hooks/useCSSVarRegister.js?runtime' {
  export * from '@ant-design/cssinjs/es/hooks/useCSSVarRegister'
  export { default } from '@ant-design/cssinjs/es/hooks/useCSSVarRegister'
}
