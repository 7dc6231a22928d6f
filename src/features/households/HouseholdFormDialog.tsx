import { App, AutoComplete, Form, Input, Modal, Select } from 'antd'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import {
  ETHIOPIAN_REGIONS,
  type Household,
  HOUSEHOLD_STATUSES,
  type HouseholdInput,
  householdMaxLength,
  parseHouseholdInput,
  regionMessageId,
} from '../../domain'
import { errorFields } from '../../app/api'
import { DualCalendarDateInput } from '../memberForm'
import { useCreateHouseholdMutation, useUpdateHouseholdMutation } from './householdsApi'
import { useIdempotencyKey } from '../../shared/clientKey'
import { statusMessageId } from './householdText'

type Values = Partial<Record<keyof HouseholdInput, string | null>>

const ADDRESS: readonly { field: keyof HouseholdInput; label: string }[] = [
  { field: 'city', label: 'city' },
  { field: 'sub_city', label: 'subCity' },
  { field: 'woreda', label: 'woreda' },
  { field: 'kebele', label: 'kebele' },
  { field: 'house_number', label: 'houseNumber' },
  { field: 'street_address', label: 'streetAddress' },
  { field: 'zip_code', label: 'zipCode' },
]

/**
 * New household or edit one: name, card number, the Ethiopian address as a member has it, home
 * phone, wedding date (both calendars), status and notes. Saves, then calls `onSaved`.
 */
export function HouseholdFormDialog({
  household,
  initial,
  open,
  onClose,
  onSaved,
}: {
  /** The household being edited; absent for a new one. */
  household?: Household
  /** A new household's starting values (a proposed name, an address). */
  initial?: Partial<HouseholdInput>
  open: boolean
  onClose: () => void
  onSaved?: (household: Household) => void
}) {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [create, created] = useCreateHouseholdMutation()
  const creation = useIdempotencyKey()
  const [update, updated] = useUpdateHouseholdMutation()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [wedding, setWedding] = useState<string | null>(
    household?.wedding_date ?? initial?.wedding_date ?? null,
  )
  const start = household ?? { status: 'active', ...initial }

  const save = async () => {
    const values = { ...form.getFieldsValue(), wedding_date: wedding }
    const parsed = parseHouseholdInput(values, Boolean(household))
    if (!parsed.ok) {
      setErrors(parsed.errors as Record<string, string>)
      return
    }
    try {
      const saved = household
        ? await update({ id: household.id, values: parsed.value }).unwrap()
        : await create({ input: parsed.value, idempotencyKey: creation.key }).unwrap()
      creation.settle()
      setErrors({})
      void message.success(t('householdSaved'))
      onSaved?.(saved)
      onClose()
    } catch (error) {
      creation.settle(error)
      const fields = errorFields(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) void message.error(t('householdSaveFailed'))
    }
  }

  const fieldError = (field: string) => {
    const id = errors[field]
    if (!id) return {}
    return { validateStatus: 'error' as const, help: t(id) }
  }

  return (
    <Modal
      open={open}
      title={t(household ? 'editHousehold' : 'newHousehold')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={created.isLoading || updated.isLoading}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={start as Values}
        onFinish={() => void save()}
        className="household-form"
      >
        <Form.Item name="name" label={t('householdName')} required {...fieldError('name')}>
          <Input maxLength={householdMaxLength('name')} autoFocus />
        </Form.Item>
        <Form.Item name="number" label={t('householdNumber')} {...fieldError('number')}>
          <Input maxLength={householdMaxLength('number')} />
        </Form.Item>
        <Form.Item name="state" label={t('state')} {...fieldError('state')}>
          {/* As a member's region: the regions offered, free text allowed. */}
          <AutoComplete
            allowClear
            maxLength={householdMaxLength('state')}
            options={ETHIOPIAN_REGIONS.map((region) => ({ value: t(regionMessageId(region)) }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
        {ADDRESS.map(({ field, label }) => (
          <Form.Item key={field} name={field} label={t(label)} {...fieldError(field)}>
            <Input maxLength={householdMaxLength(field)} />
          </Form.Item>
        ))}
        <Form.Item name="home_phone" label={t('homePhone')} {...fieldError('home_phone')}>
          <Input type="tel" inputMode="tel" maxLength={householdMaxLength('home_phone')} />
        </Form.Item>
        <DualCalendarDateInput
          id="household-wedding-date"
          label={t('weddingDate')}
          value={wedding}
          onChange={setWedding}
          error={errors.wedding_date ? t(errors.wedding_date) : undefined}
        />
        <Form.Item name="status" label={t('householdStatus')} {...fieldError('status')}>
          <Select
            options={HOUSEHOLD_STATUSES.map((status) => ({
              value: status,
              label: t(statusMessageId(status)),
            }))}
          />
        </Form.Item>
        <Form.Item name="notes" label={t('householdNotes')} {...fieldError('notes')}>
          <Input.TextArea rows={3} maxLength={householdMaxLength('notes')} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  )
}
