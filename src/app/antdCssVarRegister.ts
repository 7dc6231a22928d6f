// Stands in for @ant-design/cssinjs's useCSSVarRegister in the built client (webpack.config.ts
// swaps the module). Each antd component registers its CSS variables on every mount: it works out
// the component's tokens and injects a <style> of them, even with zeroRuntime. With the build-time
// CSS those variables are already in the stylesheet, for both themes, so the work is skipped; a
// browser without cascade layers still registers them (STATIC_ANTD_STYLES).
import useCSSVarRegisterAtRunTime from '@ant-design/cssinjs/es/hooks/useCSSVarRegister'
import { STATIC_ANTD_STYLES } from './staticAntdStyles'

export { CSS_VAR_PREFIX, extract } from '@ant-design/cssinjs/es/hooks/useCSSVarRegister'

type Register = typeof useCSSVarRegisterAtRunTime

/** What the register returns: its callers (genCSSVarRegister in cssinjs-utils) ignore it. */
const NOTHING_REGISTERED = Object.freeze(['', '', '', ''])

const registerNothing = (() => NOTHING_REGISTERED) as unknown as Register

export default STATIC_ANTD_STYLES ? registerNothing : useCSSVarRegisterAtRunTime
