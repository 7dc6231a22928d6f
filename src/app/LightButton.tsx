import { LoadingOutlined } from '@ant-design/icons'
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { useAppSelector } from './hooks'
import { antdThemeClass } from './theme'
import { selectThemeMode } from '../features/preferences'
// antd Button's build-time CSS, which an `import { Button } from 'antd'` would have brought along
// (scripts/antd-imports-loader.cjs).
import './antd.static.css?Button'

/*
 * antd's Button as its markup only, for the sign-in screen. antd's Button brings 17 KB of gzipped
 * JavaScript (its wave effect, compact and group contexts, semantic class names, the loading
 * motion) that a slow phone downloads, evaluates and runs on the first screen of every visit;
 * its look is all in the build-time CSS, keyed by these same classes. So this renders the
 * element antd renders for the props used there (LightButton.test.tsx compares the two), without
 * the click wave. Other screens use antd's Button.
 */

type ButtonType = 'primary' | 'default' | 'text'

/** antd's `type` sugar as its colour and variant (antd/es/button/Button.js, ButtonTypeMap). */
const COLOR_VARIANT: Record<ButtonType, readonly [string, string]> = {
  primary: ['primary', 'solid'],
  default: ['default', 'outlined'],
  text: ['default', 'text'],
}

export interface LightButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'children'
> {
  type?: ButtonType
  htmlType?: 'button' | 'submit'
  size?: 'small' | 'large'
  block?: boolean
  icon?: ReactNode
  /** Shows antd's spinning icon and ignores presses, as antd's `loading` does. */
  loading?: boolean
  /** Elements, not bare text: antd would wrap a string in a <span> of its own. */
  children?: ReactNode
}

export function LightButton({
  type = 'default',
  htmlType = 'button',
  size,
  block = false,
  icon,
  loading = false,
  className,
  style,
  children,
  onClick,
  ...button
}: LightButtonProps) {
  const mode = useAppSelector(selectThemeMode)
  const [color, variant] = COLOR_VARIANT[type]
  const hasContent = children !== undefined && children !== null && children !== false
  const iconNode = loading ? <LoadingOutlined /> : icon
  const classes = [
    'ant-btn',
    antdThemeClass(mode),
    `ant-btn-${type}`,
    `ant-btn-color-${color}`,
    `ant-btn-variant-${variant}`,
    size === 'large' && 'ant-btn-lg',
    size === 'small' && 'ant-btn-sm',
    !hasContent && iconNode && 'ant-btn-icon-only',
    loading && 'ant-btn-loading',
    block && 'ant-btn-block',
    className,
  ]
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) event.preventDefault()
    else onClick?.(event)
  }
  return (
    <button
      {...button}
      type={htmlType}
      className={classes.filter(Boolean).join(' ')}
      style={style}
      onClick={press}
    >
      {iconNode && (
        <span className={loading ? 'ant-btn-icon ant-btn-loading-icon' : 'ant-btn-icon'}>
          {iconNode}
        </span>
      )}
      {children}
    </button>
  )
}
