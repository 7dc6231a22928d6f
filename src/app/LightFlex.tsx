import type { CSSProperties, HTMLAttributes } from 'react'
import { useAppSelector } from './hooks'
import { antdThemeClass } from './theme'
import { selectThemeMode } from '../features/preferences'
// antd Flex's build-time CSS, which an `import { Flex } from 'antd'` would have brought along.
import './antd.static.css?Flex'

/*
 * antd's Flex as its markup only, for the sign-in screen (see LightButton.tsx: antd's Flex pulls
 * in its style hook and antd's style utilities, ~5 KB gzipped, and works out its component tokens
 * on every render). It renders the element antd renders for these props (LightFlex.test.tsx
 * compares the two); other screens use antd's Flex.
 */

const PRESET_GAPS = ['small', 'middle', 'large'] as const
type PresetGap = (typeof PRESET_GAPS)[number]

export interface LightFlexProps extends HTMLAttributes<HTMLDivElement> {
  vertical?: boolean
  align?: 'center' | 'start' | 'end' | 'flex-start' | 'flex-end' | 'baseline' | 'stretch'
  justify?: 'center' | 'start' | 'end' | 'flex-start' | 'flex-end' | 'space-between'
  gap?: number | PresetGap
  wrap?: boolean
}

const isPresetGap = (gap: LightFlexProps['gap']): gap is PresetGap =>
  PRESET_GAPS.includes(gap as PresetGap)

export function LightFlex({
  vertical = false,
  align,
  justify,
  gap,
  wrap = false,
  className,
  style,
  children,
  ...div
}: LightFlexProps) {
  const mode = useAppSelector(selectThemeMode)
  // In antd's order: the caller's class, the component's, wrap, align, justify, gap, vertical.
  const classes = [
    className,
    'ant-flex',
    antdThemeClass(mode),
    wrap && 'ant-flex-wrap-wrap',
    align ? `ant-flex-align-${align}` : vertical && 'ant-flex-align-stretch',
    justify && `ant-flex-justify-${justify}`,
    isPresetGap(gap) && `ant-flex-gap-${gap}`,
    vertical && 'ant-flex-vertical',
  ]
  const merged: CSSProperties | undefined =
    gap !== undefined && !isPresetGap(gap) ? { ...style, gap } : style
  return (
    <div className={classes.filter(Boolean).join(' ')} style={merged} {...div}>
      {children}
    </div>
  )
}
