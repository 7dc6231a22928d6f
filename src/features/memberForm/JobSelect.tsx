import { Form, Input, Select } from 'antd'
import { useIntl } from 'react-intl'
import { buildJobValue, parseJobValue, TEXT_MAX_LENGTH } from '../../domain'
import { useOptions } from './optionLabels'
import { MULTI_SELECT_MENU_HEIGHT, MULTI_SELECT_MENU_WIDTH } from './TagMultiSelect'

/** The job helpers the wizard holds and sends (spec 3.2), and the job text they build. */
export interface JobFields {
  selectedJobs: string[]
  customJob: string
  showCustomJobField: boolean
  job: string
}

/** Spec 3.2: a stored job text read back; unknown entries become "other" with custom text. */
export function jobFieldsFromValue(job: string | null | undefined): JobFields {
  const { selectedJobs, customJob } = parseJobValue(job)
  return jobFields(selectedJobs, customJob)
}

export function jobFields(selectedJobs: readonly string[], customJob: string): JobFields {
  const showCustomJobField = selectedJobs.includes('other')
  // A custom job only counts while "other" is chosen.
  const custom = showCustomJobField ? customJob : ''
  return {
    selectedJobs: [...selectedJobs],
    customJob: custom,
    showCustomJobField,
    job: buildJobValue(selectedJobs, custom),
  }
}

export interface JobSelectProps {
  id: string
  value: Pick<JobFields, 'selectedJobs' | 'customJob'>
  onChange: (value: JobFields) => void
  disabled?: boolean
  error?: string
}

/** Jobs as chips; "other" reveals a field for one's own job text (spec 2.5, 2.7). */
export function JobSelect({ id, value, onChange, disabled, error }: JobSelectProps) {
  const intl = useIntl()
  const options = useOptions('job')
  const showCustom = value.selectedJobs.includes('other')
  const customId = `${id}-custom`
  const customHelpId = `${customId}-help`
  return (
    <>
      <Form.Item
        label={intl.formatMessage({ id: 'job' })}
        htmlFor={id}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      >
        <Select
          id={id}
          mode="multiple"
          style={{ width: '100%' }}
          options={options}
          value={value.selectedJobs}
          listHeight={MULTI_SELECT_MENU_HEIGHT}
          popupMatchSelectWidth={MULTI_SELECT_MENU_WIDTH}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled}
          placeholder={intl.formatMessage({ id: 'selectPlaceholder' })}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(selected: string[]) => onChange(jobFields(selected, value.customJob))}
        />
      </Form.Item>
      {showCustom && (
        <Form.Item
          label={intl.formatMessage({ id: 'customJob' })}
          htmlFor={customId}
          extra={<span id={customHelpId}>{intl.formatMessage({ id: 'commaSeparatedHelp' })}</span>}
        >
          <Input
            id={customId}
            value={value.customJob}
            disabled={disabled}
            maxLength={TEXT_MAX_LENGTH.job}
            aria-describedby={customHelpId}
            onChange={(event) => onChange(jobFields(value.selectedJobs, event.target.value))}
          />
        </Form.Item>
      )}
    </>
  )
}
