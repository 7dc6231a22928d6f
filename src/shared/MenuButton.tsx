import { Button } from 'antd'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import './menuButton.css'

export interface MenuButtonItem {
  key: string
  label: string
  icon?: ReactNode
  /** Draw a separator line above this item. */
  separated?: boolean
  /** The language of the label (a language named in its own script). */
  lang?: string
}

interface MenuButtonProps {
  /** The button's accessible name, also the menu's. */
  label: string
  icon: ReactNode
  items: readonly MenuButtonItem[]
  onSelect: (key: string) => void
  className?: string
  /** Visible text beside the icon (the accessible name stays `label`). */
  text?: ReactNode
  /** A choice among the items: they become menuitemradio, this one checked, opening on it. */
  checkedKey?: string
  /** A tooltip for an icon-only button. */
  title?: string
  /** A bordered (default) button rather than a text one, for a page's toolbar. */
  bordered?: boolean
  loading?: boolean
}

/**
 * A button that opens a short list of actions, as the WAI-ARIA menu button pattern describes:
 * a click, Enter, Space or Down opens it on its first item and Up on its last; the arrows, Home
 * and End move between items; Enter, Space or a click chooses; Escape closes it back onto the
 * button; Tab or a press anywhere else closes it.
 * Plain elements rather than antd's Dropdown and Menu, whose first opening is a long task on a
 * phone (docs/decisions/0212).
 */
export function MenuButton({
  label,
  icon,
  items,
  onSelect,
  className,
  text,
  checkedKey,
  title,
  bordered,
  loading,
}: MenuButtonProps) {
  const menuId = useId()
  const [active, setActive] = useState<number | null>(null)
  const open = active !== null
  const wrapper = useRef<HTMLSpanElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const itemElements = useRef<(HTMLLIElement | null)[]>([])

  useEffect(() => {
    if (active !== null) itemElements.current[active]?.focus()
  }, [active])

  useEffect(() => {
    if (!open) return
    const closeIfOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setActive(null)
    }
    document.addEventListener('pointerdown', closeIfOutside)
    return () => document.removeEventListener('pointerdown', closeIfOutside)
  }, [open])

  const last = items.length - 1
  const checkedIndex = checkedKey === undefined ? -1 : items.findIndex((i) => i.key === checkedKey)
  const first = checkedIndex >= 0 ? checkedIndex : 0
  const close = () => {
    setActive(null)
    button.current?.focus()
  }
  const choose = (key: string) => {
    close()
    onSelect(key)
  }

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setActive(event.key === 'ArrowDown' ? first : last)
    }
  }
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (active === null) return
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    }
    if (event.key in moves) {
      event.preventDefault()
      setActive(moves[event.key]!)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      choose(items[active]!.key)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      setActive(null)
    }
  }

  return (
    <span className="menu-button" ref={wrapper}>
      <Button
        ref={button}
        type={bordered ? 'default' : 'text'}
        className={className}
        icon={icon}
        loading={loading}
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setActive(open ? null : first)}
        onKeyDown={onButtonKeyDown}
      >
        {text}
      </Button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={label}
          className="menu-button-list"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => [
            item.separated && <li key={`${item.key}-separator`} role="separator" />,
            <li
              key={item.key}
              ref={(element) => {
                itemElements.current[index] = element
              }}
              role={checkedKey === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={checkedKey === undefined ? undefined : item.key === checkedKey}
              lang={item.lang}
              tabIndex={-1}
              className="menu-button-item"
              onClick={() => choose(item.key)}
              onPointerMove={() => active !== index && setActive(index)}
            >
              {item.icon && <span className="menu-button-icon">{item.icon}</span>}
              <span>{item.label}</span>
            </li>,
          ])}
        </ul>
      )}
    </span>
  )
}
