import { DownOutlined, UpOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { type ReactNode, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { WIZARD_STEP_COUNT } from '../../domain'

/**
 * On a phone the seven vertical step headers filled the first screen before any field
 * (issue 28): a bar of seven segments stands for them, the full list opens on demand.
 * The form's own heading already names the current step and its title.
 */
export function CompactSteps({ step, children }: { step: number; children: ReactNode }) {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  const listId = useId()
  return (
    <div className="registration-compact-steps">
      <div className="registration-compact-row">
        <ol
          className="registration-progress"
          aria-label={intl.formatMessage(
            { id: 'stepProgress' },
            { current: step + 1, total: WIZARD_STEP_COUNT },
          )}
        >
          {Array.from({ length: WIZARD_STEP_COUNT }, (_, i) => (
            <li
              key={i}
              aria-hidden
              className={i < step ? 'is-done' : i === step ? 'is-current' : undefined}
            />
          ))}
        </ol>
        <Button
          size="small"
          type="link"
          aria-expanded={open}
          aria-controls={listId}
          icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
          iconPlacement="end"
          onClick={() => setOpen((was) => !was)}
        >
          {intl.formatMessage({ id: open ? 'hideAllSteps' : 'showAllSteps' })}
        </Button>
      </div>
      <div id={listId} hidden={!open}>
        {open && children}
      </div>
    </div>
  )
}
