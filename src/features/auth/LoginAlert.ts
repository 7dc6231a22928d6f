// Its own module, so the lazy chunk of a failed sign-in brings Alert's CSS with it.
export { Alert as default } from 'antd'
