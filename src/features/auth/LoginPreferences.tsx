import { BulbFilled, BulbOutlined, GlobalOutlined } from '@ant-design/icons'
import { Button, Flex } from 'antd'
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import {
  type Language,
  loadPreferenceControls as loadControls,
  selectLanguage,
  selectThemeMode,
  themeToggled,
} from '../preferences'

/*
 * The language menu and theme toggle under the login form, loaded when the visitor reaches for
 * them. antd's Dropdown and Menu weigh ~25 KB gzipped, an eighth of the login route's 200 KB
 * budget (issue 7), and most visitors sign in without touching them. Until then a look-alike row
 * stands in: its theme button already works, and a press on its language button swaps in the real
 * controls and opens the menu (a hover or focus starts loading them).
 */
const PreferenceControls = lazy(() =>
  loadControls().then((module) => ({ default: module.PreferenceControls })),
)

/** The same names as PreferenceControls' LANGUAGE_ENDONYMS, which would pull in the menu. */
const ENDONYMS: Record<Language, string> = { en: 'English', am: 'አማርኛ', om: 'Afaan Oromoo' }

export function LoginPreferences() {
  const [languagePressed, setLanguagePressed] = useState(false)
  const row = useRef<HTMLDivElement>(null)
  const standIn = <StandInControls onLanguagePressed={() => setLanguagePressed(true)} />
  return (
    <div ref={row}>
      {languagePressed ? (
        <Suspense fallback={standIn}>
          <PreferenceControls />
          <OpenLanguageMenu row={row} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  )
}

/** The real controls have replaced the stand-ins: open the menu the visitor asked for. */
function OpenLanguageMenu({ row }: { row: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const button = row.current?.querySelector('button')
    button?.focus()
    button?.click()
  }, [row])
  return null
}

function StandInControls({ onLanguagePressed }: { onLanguagePressed: () => void }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const language = useAppSelector(selectLanguage)
  const mode = useAppSelector(selectThemeMode)
  const themeLabel = intl.formatMessage({ id: mode === 'dark' ? 'lightMode' : 'darkMode' })
  const preload = () => void loadControls()
  return (
    <Flex gap={4} wrap onPointerEnter={preload} onFocus={preload}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${intl.formatMessage({ id: 'language' })}: ${ENDONYMS[language]}`}
        aria-haspopup="menu"
        onClick={onLanguagePressed}
      >
        <span lang={language}>{ENDONYMS[language]}</span>
      </Button>
      <Button
        type="text"
        icon={mode === 'dark' ? <BulbFilled /> : <BulbOutlined />}
        aria-label={themeLabel}
        aria-pressed={mode === 'dark'}
        title={themeLabel}
        onClick={() => dispatch(themeToggled())}
      />
    </Flex>
  )
}
