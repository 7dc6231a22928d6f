import { BulbFilled, BulbOutlined, CalendarOutlined, GlobalOutlined } from '@ant-design/icons'
import { Button, Space, Tooltip } from 'antd'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { MenuButton } from '../../shared/MenuButton'
import { type Language, LANGUAGES } from './model'
import {
  calendarChosen,
  languageChosen,
  selectCalendar,
  selectLanguage,
  selectThemeMode,
  themeToggled,
} from './preferencesSlice'

/** Each language named in its own script, as people look for it. */
export const LANGUAGE_ENDONYMS: Record<Language, string> = {
  en: 'English',
  am: 'አማርኛ',
  om: 'Afaan Oromoo',
}

/**
 * A WAI-ARIA menu button (arrows, Home/End, Escape), each language in its own script. Without
 * `showName` the button is its icon alone (a crowded bar); its name and tooltip still say it.
 */
export function LanguageMenu({
  variant = 'text',
  showName = true,
}: {
  variant?: 'text' | 'onPrimary'
  showName?: boolean
}) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const language = useAppSelector(selectLanguage)
  return (
    <MenuButton
      // The shown language is part of the name, so speech input can say what it sees (WCAG 2.5.3).
      label={`${intl.formatMessage({ id: 'language' })}: ${LANGUAGE_ENDONYMS[language]}`}
      icon={<GlobalOutlined />}
      className={variant === 'onPrimary' ? 'on-primary' : undefined}
      text={showName ? <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span> : undefined}
      title={showName ? undefined : intl.formatMessage({ id: 'language' })}
      checkedKey={language}
      items={LANGUAGES.map((lang) => ({ key: lang, label: LANGUAGE_ENDONYMS[lang], lang }))}
      onSelect={(key) => dispatch(languageChosen(key as Language))}
    />
  )
}

export function ThemeToggle({ variant = 'text' }: { variant?: 'text' | 'onPrimary' }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const mode = useAppSelector(selectThemeMode)
  // Spec 2.2: the tooltip names the mode the toggle switches to.
  const label = intl.formatMessage({ id: mode === 'dark' ? 'lightMode' : 'darkMode' })
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className={variant === 'onPrimary' ? 'on-primary' : undefined}
        icon={mode === 'dark' ? <BulbFilled /> : <BulbOutlined />}
        aria-label={label}
        aria-pressed={mode === 'dark'}
        onClick={() => dispatch(themeToggled())}
      />
    </Tooltip>
  )
}

export function CalendarMenu({ variant = 'text' }: { variant?: 'text' | 'onPrimary' }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const calendar = useAppSelector(selectCalendar)
  const label = intl.formatMessage({ id: 'calendarSetting' })
  return (
    <MenuButton
      label={intl.formatMessage(
        { id: 'labelledValue' },
        { label, value: intl.formatMessage({ id: `${calendar}Calendar` }) },
      )}
      title={label}
      icon={<CalendarOutlined />}
      className={variant === 'onPrimary' ? 'on-primary' : undefined}
      checkedKey={calendar}
      items={[
        { key: 'gregorian', label: intl.formatMessage({ id: 'gregorianCalendar' }) },
        { key: 'ethiopian', label: intl.formatMessage({ id: 'ethiopianCalendar' }) },
      ]}
      onSelect={(key) => dispatch(calendarChosen(key as 'gregorian' | 'ethiopian'))}
    />
  )
}

export function PreferenceControls() {
  return (
    <Space size={4} wrap>
      <LanguageMenu />
      <ThemeToggle />
    </Space>
  )
}
