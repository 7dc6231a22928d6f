import { BulbFilled, BulbOutlined, CalendarOutlined, GlobalOutlined } from '@ant-design/icons'
import { Button, Dropdown, Space, Tooltip } from 'antd'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
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

export function LanguageMenu({ variant = 'text' }: { variant?: 'text' | 'onPrimary' }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const language = useAppSelector(selectLanguage)
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_ENDONYMS[lang]}</span>,
        })),
        onClick: ({ key }) => dispatch(languageChosen(key as Language)),
      }}
    >
      <Button
        type="text"
        className={variant === 'onPrimary' ? 'on-primary' : undefined}
        icon={<GlobalOutlined />}
        aria-label={intl.formatMessage({ id: 'language' })}
      >
        <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>
      </Button>
    </Dropdown>
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
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [calendar],
        items: [
          { key: 'gregorian', label: intl.formatMessage({ id: 'gregorianCalendar' }) },
          { key: 'ethiopian', label: intl.formatMessage({ id: 'ethiopianCalendar' }) },
        ],
        onClick: ({ key }) => dispatch(calendarChosen(key as 'gregorian' | 'ethiopian')),
      }}
    >
      <Tooltip title={label}>
        <Button
          type="text"
          className={variant === 'onPrimary' ? 'on-primary' : undefined}
          icon={<CalendarOutlined />}
          aria-label={`${label}: ${intl.formatMessage({ id: `${calendar}Calendar` })}`}
        />
      </Tooltip>
    </Dropdown>
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
