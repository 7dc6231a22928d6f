import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { Alert, App, Button, Form, Input, InputNumber, Select, Skeleton, Upload } from 'antd'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  checkPublicUrl,
  DEFAULT_ID_CARD_LANGUAGES,
  ID_CARD_LANGUAGES,
  type IdCardLanguages,
  MAX_STANDING_MONTHS,
  type StandingRule,
} from '../../domain'
import { AdminScreen } from '../../shared/AdminScreen'
import { LoadError } from '../../shared/RecordsView'
import { readAsDataUrl } from '../../shared/readAsDataUrl'
import { messageOptions } from '../../shared/messageOptions'
import {
  type ChurchProfile,
  churchRefusalId,
  useChurchQuery,
  useUpdateChurchMutation,
} from './churchApi'
import { isLocalAddress } from './localAddress'
import './churchProfile.css'

const TEXT_FIELDS = [
  ['name_am', 'churchNameAm', 200],
  ['name_en', 'churchNameEn', 200],
  ['name_om', 'churchNameOm', 200],
  ['address', 'churchAddress', 500],
  ['phone', 'churchPhone', 40],
  ['po_box', 'churchPoBox', 40],
  ['signatory_name', 'churchSignatoryName', 200],
  ['signatory_title', 'churchSignatoryTitle', 200],
] as const

type TextField = (typeof TEXT_FIELDS)[number][0]
type Values = Record<TextField, string> & {
  currency: string
  standing_kind: StandingRule['kind']
  standing_months: number
  id_card_languages: IdCardLanguages
  public_url: string
}

/** Logos the server accepts, read in the browser and sent as a data URL (at most ~650 KB). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp']
const MAX_LOGO_BYTES = 650_000

const valuesOf = (church: ChurchProfile): Values => ({
  name_am: church.name_am,
  name_en: church.name_en,
  name_om: church.name_om,
  address: church.address,
  phone: church.phone,
  po_box: church.po_box,
  signatory_name: church.signatory_name,
  signatory_title: church.signatory_title,
  currency: church.currency,
  standing_kind: church.good_standing.kind,
  standing_months: church.good_standing.months,
  id_card_languages: church.id_card_languages ?? DEFAULT_ID_CARD_LANGUAGES,
  public_url: church.public_url,
})

/**
 * Office → Church profile (issue 46): the church's names, address, logo, currency, the ID
 * card's languages, the receipt's signatory and the good-standing rule, kept on the server for
 * every device.
 */
export default function ChurchProfileScreen() {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const { message } = App.useApp()
  const church = useChurchQuery()
  const [update, saving] = useUpdateChurchMutation()
  const [form] = Form.useForm<Values>()
  const [logo, setLogo] = useState<string | null | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  // Undefined until the form is drawn: the saved address stands in, so no warning flashes.
  const publicUrl = Form.useWatch('public_url', form) ?? church.data?.public_url
  // Opened where members' phones cannot follow, the receipts' QR codes need a public address.
  const unreachable = isLocalAddress(window.location.hostname) && !publicUrl?.trim()

  useEffect(() => {
    if (church.data) form.setFieldsValue(valuesOf(church.data))
  }, [church.data, form])

  if (church.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />
  if (church.isError || !church.data)
    return <LoadError title={t('churchLoadFailed')} onRetry={() => void church.refetch()} />

  const shownLogo = logo === undefined ? church.data.logo_url : logo

  const save = async (values: Values) => {
    setFailure(undefined)
    try {
      await update({
        ...Object.fromEntries(TEXT_FIELDS.map(([field]) => [field, values[field].trim()])),
        currency: values.currency.trim().toUpperCase(),
        good_standing: { kind: values.standing_kind, months: values.standing_months },
        id_card_languages: values.id_card_languages,
        public_url: values.public_url.trim(),
        ...(logo !== undefined ? { logo } : {}),
      }).unwrap()
      setLogo(undefined)
      void message.success(t('churchSaved'))
    } catch (error) {
      setFailure(t(churchRefusalId(error)))
    }
  }

  return (
    <AdminScreen id="church-profile-title" titleId="churchProfile" className="church-profile">
      <Form<Values>
        form={form}
        layout="vertical"
        className="church-profile-form"
        onFinish={(values) => void save(values)}
        initialValues={valuesOf(church.data)}
      >
        <div className="church-profile-logo">
          {shownLogo ? (
            <img src={shownLogo} alt={t('churchLogo')} className="church-logo-preview" />
          ) : (
            <div className="church-logo-preview church-logo-empty">
              <FormattedMessage id="churchNoLogo" />
            </div>
          )}
          <div className="church-logo-actions">
            <Upload
              accept={LOGO_TYPES.join(',')}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                if (!LOGO_TYPES.includes(file.type)) {
                  void message.error(t('churchLogoType'))
                } else if (file.size > MAX_LOGO_BYTES) {
                  void message.error(t('churchLogoTooLarge'))
                } else {
                  readAsDataUrl(file).then(setLogo, () => void message.error(t('churchLogoType')))
                }
                return Upload.LIST_IGNORE
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />}>
                <FormattedMessage id="churchLogoUpload" />
              </Button>
            </Upload>
            {shownLogo && (
              <Button icon={<DeleteOutlined aria-hidden />} onClick={() => setLogo(null)}>
                <FormattedMessage id="churchLogoRemove" />
              </Button>
            )}
          </div>
        </div>
        <div className="church-profile-grid">
          {TEXT_FIELDS.map(([field, label, max]) => (
            <Form.Item key={field} name={field} label={t(label)}>
              {field === 'address' ? (
                <Input.TextArea maxLength={max} autoSize={{ minRows: 2, maxRows: 4 }} />
              ) : (
                <Input maxLength={max} />
              )}
            </Form.Item>
          ))}
          <Form.Item
            name="currency"
            label={t('churchCurrency')}
            extra={t('churchCurrencyHelp')}
            rules={[{ pattern: /^\s*[A-Za-z]{3}\s*$/, message: t('churchCurrencyInvalid') }]}
          >
            <Input maxLength={3} className="church-currency" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="id_card_languages"
            label={t('churchIdCardLanguages')}
            extra={t('churchIdCardLanguagesHelp')}
          >
            <Select options={messageOptions(ID_CARD_LANGUAGES, 'churchIdCardLanguages', t)} />
          </Form.Item>
        </div>
        <Form.Item
          name="public_url"
          label={t('churchPublicUrl')}
          extra={t('churchPublicUrlHelp')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                'error' in checkPublicUrl(value ?? '')
                  ? Promise.reject(new Error(t('churchPublicUrlInvalid')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input inputMode="url" autoComplete="off" spellCheck={false} />
        </Form.Item>
        {unreachable && (
          <Alert
            type="warning"
            showIcon
            className="church-public-url-warning"
            title={t('churchPublicUrlLocal', { host: window.location.host })}
          />
        )}
        <fieldset className="church-standing">
          <legend>
            <FormattedMessage id="churchStandingRule" />
          </legend>
          <div className="church-profile-grid">
            <Form.Item name="standing_kind" label={t('churchStandingKind')}>
              <Select
                options={[
                  { value: 'max_unpaid', label: t('churchStanding.max_unpaid') },
                  { value: 'last_paid', label: t('churchStanding.last_paid') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="standing_months"
              label={t('churchStandingMonths')}
              rules={[
                {
                  type: 'integer',
                  min: 0,
                  max: MAX_STANDING_MONTHS,
                  message: t('churchStandingMonthsInvalid', { max: MAX_STANDING_MONTHS }),
                },
              ]}
            >
              <InputNumber min={0} max={MAX_STANDING_MONTHS} precision={0} />
            </Form.Item>
          </div>
        </fieldset>
        {failure && <Alert type="error" showIcon role="alert" message={failure} />}
        <div className="church-profile-actions">
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            <FormattedMessage id="save" />
          </Button>
        </div>
      </Form>
    </AdminScreen>
  )
}
