// Built for Node by webpack (webpack.config.ts, "prerender") and run by the client build to
// draw /login into login.html with React's and antd's documented server-rendering APIs.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import type { ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { App } from '../App'
import { makeStore } from '../store'
import { loginPageKey } from './loginKey'

export { LOGIN_STYLE_ID } from './loginKey'

const AtLogin = ({ children }: { children: ReactNode }) => (
  <StaticRouter location="/login">{children}</StaticRouter>
)

/** The sign-in page as a fresh device shows it: markup, antd's CSS for it, and its key. */
export async function renderLogin(): Promise<{ html: string; css: string; key: string }> {
  const { store } = makeStore()
  const cache = createCache()
  // prerender (unlike renderToString) waits for the lazy route's chunk before it answers.
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={cache}>
      <App store={store} Router={AtLogin} />
    </StyleProvider>,
  )
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  return {
    html,
    css: extractStyle(cache, { plain: true }),
    key: loginPageKey(store.getState().preferences),
  }
}
