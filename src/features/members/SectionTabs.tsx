import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'

export interface SectionTab<K extends string> {
  key: K
  label: string
  children: ReactNode
}

/**
 * The WAI-ARIA tabs pattern with tabs that wrap onto a second row instead of scrolling. antd's
 * Tabs put their overflow ("more") button inside role=tablist, which screen readers and axe
 * reject (aria-required-children); five section names in Amharic or Afaan Oromoo overflow a phone.
 * Like antd's, a panel is built on first visit and then kept (hidden), so edits survive switching.
 */
export function SectionTabs<K extends string>({
  items,
  activeKey,
  onChange,
}: {
  items: SectionTab<K>[]
  activeKey: K
  onChange: (key: K) => void
}) {
  const id = useId()
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([activeKey]))
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]))
  const tabRefs = useRef(new Map<K, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent) => {
    const at = items.findIndex((item) => item.key === activeKey)
    const last = items.length - 1
    const next = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const key = items[next].key
    onChange(key)
    tabRefs.current.get(key)?.focus()
  }

  return (
    <div className="section-tabs">
      <div role="tablist" className="section-tabs-list" onKeyDown={onKeyDown}>
        {items.map(({ key, label }) => (
          <button
            key={key}
            ref={(element) => {
              if (element) tabRefs.current.set(key, element)
              else tabRefs.current.delete(key)
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-controls={visited.has(key) ? `${id}-panel-${key}` : undefined}
            aria-selected={key === activeKey}
            tabIndex={key === activeKey ? 0 : -1}
            className="section-tabs-tab"
            onClick={() => onChange(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {items.map(({ key, children }) =>
        visited.has(key) ? (
          <div
            key={key}
            role="tabpanel"
            id={`${id}-panel-${key}`}
            aria-labelledby={`${id}-tab-${key}`}
            hidden={key !== activeKey}
            className="section-tabs-panel"
          >
            {children}
          </div>
        ) : null,
      )}
    </div>
  )
}
