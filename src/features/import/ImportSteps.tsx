import { InboxOutlined } from '@ant-design/icons'
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Progress,
  Radio,
  Result,
  Select,
  Spin,
  Table,
  type TableColumnsType,
  type TableProps,
  Typography,
  Upload,
} from 'antd'
import { useTextParts } from '../../shared/useTextParts'
import { useEffect, useMemo, useRef } from 'react'
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl'
import { Link, useNavigate } from 'react-router'
import {
  fieldLabelId,
  MEMBER_INPUT_FIELDS,
  type ImportDuplicate,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  type MemberField,
  type OnDuplicate,
} from '../../domain'
import type { ImportCalendar } from './importApi'
import { IMPORT_ACCEPT } from './importFiles'

const IGNORE = ''

/**
 * A step's heading, focused when the step appears so screen readers hear where they are (not
 * the first step on arrival: the screen's title comes first then).
 */
function StepHeading({ id, focus = true }: { id: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <Typography.Title level={2} className="import-step-title" tabIndex={-1} ref={ref}>
      <FormattedMessage id={id} />
    </Typography.Title>
  )
}

function CalendarChoice({
  calendar,
  disabled,
  onChange,
}: {
  calendar: ImportCalendar
  disabled?: boolean
  onChange: (calendar: ImportCalendar) => void
}) {
  return (
    <Checkbox
      className="import-calendar"
      checked={calendar === 'ethiopian'}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked ? 'ethiopian' : 'gregorian')}
    >
      <FormattedMessage id="importDatesEthiopian" />
    </Checkbox>
  )
}

export function UploadStep({
  uploading,
  uploadPercent,
  fileName,
  focusHeading,
  calendar,
  onCalendar,
  onFile,
}: {
  uploading: boolean
  /** How much of the file has gone up (0-100); null until the browser first reports it. */
  uploadPercent: number | null
  fileName: string
  focusHeading: boolean
  calendar: ImportCalendar
  onCalendar: (calendar: ImportCalendar) => void
  onFile: (file: File) => void
}) {
  const intl = useIntl()
  const percent = uploadPercent ?? 0
  return (
    <div className="import-step">
      <StepHeading id="importStepUpload" focus={focusHeading} />
      <Upload.Dragger
        accept={IMPORT_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(file) => {
          onFile(file)
          return Upload.LIST_IGNORE
        }}
        aria-label={intl.formatMessage({ id: 'importChooseFile' })}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">
          <FormattedMessage id="importDropHere" />
        </p>
        <span className="import-choose" aria-hidden>
          <FormattedMessage id="importChooseFile" />
        </span>
        <p className="ant-upload-hint">
          <FormattedMessage id="importFileHint" />
        </p>
      </Upload.Dragger>
      {uploading && (
        <div className="import-upload-progress">
          <Progress
            percent={percent}
            status="active"
            aria-label={intl.formatMessage({ id: 'importUploadProgress' })}
          />
          <Typography.Text className="import-upload-text" aria-hidden>
            {percent < 100
              ? intl.formatMessage({ id: 'importUploading' }, { fileName, percent })
              : intl.formatMessage({ id: 'importServerChecking' }, { fileName })}
          </Typography.Text>
          {/* Tens only: a screen reader hears each step, not a flood of every percent. */}
          <span role="status" className="sr-only">
            {percent < 100
              ? intl.formatMessage(
                  { id: 'importUploading' },
                  { fileName, percent: Math.floor(percent / 10) * 10 },
                )
              : intl.formatMessage({ id: 'importServerChecking' }, { fileName })}
          </span>
        </div>
      )}
      <CalendarChoice calendar={calendar} disabled={uploading} onChange={onCalendar} />
    </div>
  )
}

function fieldOptions(intl: IntlShape) {
  const fields = MEMBER_INPUT_FIELDS.map((field) => ({
    value: field as string,
    label: intl.formatMessage({ id: fieldLabelId(field) }),
  })).sort((a, b) => a.label.localeCompare(b.label, intl.locale))
  return [{ value: IGNORE, label: intl.formatMessage({ id: 'importIgnoreColumn' }) }, ...fields]
}

export function MappingStep({
  preview,
  mapping,
  calendar,
  busy,
  onCalendar,
  onMap,
  onBack,
  onNext,
}: {
  preview: ImportPreview
  mapping: ImportMapping
  calendar: ImportCalendar
  busy: boolean
  onCalendar: (calendar: ImportCalendar) => void
  onMap: (column: string, field: MemberField | null) => void
  onBack: () => void
  onNext: () => void
}) {
  const intl = useIntl()
  const text = useTextParts()
  const options = useMemo(() => fieldOptions(intl), [intl])
  const mapped = preview.columns.filter((column) => mapping[column]).length
  const fields = new Set(Object.values(mapping))
  const missing = (['first_name', 'last_name'] as const).filter((field) => !fields.has(field))
  return (
    <div className="import-step">
      <StepHeading id="importStepColumns" />
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="importColumnsSummary"
          values={{ rows: preview.rows, mapped, columns: preview.columns.length }}
        />
      </Typography.Paragraph>
      <ul className="import-mapping" aria-label={intl.formatMessage({ id: 'importStepColumns' })}>
        {preview.columns.map((column, index) => {
          const id = `import-column-${index}`
          return (
            <li key={column} className="import-mapping-row">
              <label htmlFor={id} className="import-mapping-column" title={column}>
                {column}
              </label>
              <Select
                id={id}
                className="import-mapping-select"
                value={mapping[column] ?? IGNORE}
                options={options}
                showSearch={{ optionFilterProp: 'label' }}
                disabled={busy}
                aria-label={intl.formatMessage({ id: 'importFieldFor' }, { column })}
                onChange={(value: string) =>
                  onMap(column, value === IGNORE ? null : (value as MemberField))
                }
              />
            </li>
          )
        })}
      </ul>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="import-alert"
          title={intl.formatMessage(
            { id: 'importRequiredUnmapped' },
            {
              fields: text.list(
                missing.map((field) => intl.formatMessage({ id: fieldLabelId(field) })),
              ),
            },
          )}
        />
      )}
      <CalendarChoice calendar={calendar} disabled={busy} onChange={onCalendar} />
      <Flex gap={8} wrap justify="space-between" className="import-actions">
        <Button onClick={onBack} disabled={busy}>
          <FormattedMessage id="importStartAgain" />
        </Button>
        <Button type="primary" loading={busy} onClick={onNext} disabled={mapped === 0}>
          <FormattedMessage id="importShowPreview" />
        </Button>
      </Flex>
    </div>
  )
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  const intl = useIntl()
  return (
    <div className={`import-figure${tone ? ` is-${tone}` : ''}`}>
      <span className="import-figure-value">{intl.formatNumber(value)}</span>
      <span className="import-figure-label">{label}</span>
    </div>
  )
}

const fullName = (row: ImportPreview['preview'][number]) =>
  [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ')

/** What the user sees for a message id of the member schema, as in the wizard. */
const messageText = (intl: IntlShape, id: string) =>
  intl.messages[id] ? intl.formatMessage({ id }) : id

/** Rows of the file (errors, duplicates), ten a page, each led by its row number in the file. */
function FileRowTable<T extends { row: number }>({
  rowKey,
  rows,
  columns,
}: {
  rowKey: TableProps<T>['rowKey']
  rows: readonly T[]
  columns: TableColumnsType<T>
}) {
  const intl = useIntl()
  return (
    <Table<T>
      size="small"
      className="import-table"
      rowKey={rowKey}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      columns={[
        { title: intl.formatMessage({ id: 'importRow' }), dataIndex: 'row', width: 72 },
        ...columns,
      ]}
    />
  )
}

export function PreviewStep({
  preview,
  onDuplicate,
  committing,
  onDuplicateChoice,
  onBack,
  onImport,
}: {
  preview: ImportPreview
  onDuplicate: OnDuplicate
  committing: boolean
  onDuplicateChoice: (choice: OnDuplicate) => void
  onBack: () => void
  onImport: () => void
}) {
  const intl = useIntl()
  const invalidRows = new Set(preview.errors.map((error) => error.row))
  const valid = preview.rows - invalidRows.size
  const duplicates = preview.duplicates.filter((duplicate) => !invalidRows.has(duplicate.row))
  const toImport = onDuplicate === 'skip' ? valid - duplicates.length : valid
  const label = (field: string) =>
    intl.messages[fieldLabelId(field)] ? intl.formatMessage({ id: fieldLabelId(field) }) : field

  if (committing) {
    return (
      <div className="import-step import-progress" role="status">
        <Spin size="large" />
        <Typography.Paragraph>
          <FormattedMessage id="importImporting" values={{ count: toImport }} />
        </Typography.Paragraph>
      </div>
    )
  }
  return (
    <div className="import-step">
      <StepHeading id="importStepPreview" />
      <div className="import-figures">
        <Figure label={intl.formatMessage({ id: 'importRowsTotal' })} value={preview.rows} />
        <Figure label={intl.formatMessage({ id: 'importRowsValid' })} value={valid} tone="ok" />
        <Figure
          label={intl.formatMessage({ id: 'importRowsInvalid' })}
          value={invalidRows.size}
          tone={invalidRows.size ? 'bad' : undefined}
        />
        <Figure
          label={intl.formatMessage({ id: 'importRowsDuplicate' })}
          value={duplicates.length}
          tone={duplicates.length ? 'warn' : undefined}
        />
      </div>

      {preview.rows === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<FormattedMessage id="importNoRows" />}
        />
      )}
      {preview.errors.length > 0 && (
        <>
          <Typography.Title level={3} className="import-section-title">
            <FormattedMessage id="importErrorsTitle" />
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="importErrorsHelp" />
          </Typography.Paragraph>
          <FileRowTable<ImportRowError>
            rowKey={(error) => `${error.row}-${error.field}`}
            rows={preview.errors}
            columns={[
              {
                title: intl.formatMessage({ id: 'importField' }),
                dataIndex: 'field',
                render: (field: string) => label(field),
              },
              {
                title: intl.formatMessage({ id: 'importProblem' }),
                dataIndex: 'message',
                render: (message: string) => messageText(intl, message),
              },
            ]}
          />
        </>
      )}

      {duplicates.length > 0 && (
        <>
          <Typography.Title level={3} className="import-section-title">
            <FormattedMessage id="importDuplicatesTitle" />
          </Typography.Title>
          <FileRowTable<ImportDuplicate>
            rowKey="row"
            rows={duplicates}
            columns={[
              {
                title: intl.formatMessage({ id: 'importDuplicateOf' }),
                key: 'of',
                render: (_: unknown, duplicate) =>
                  duplicate.member_id !== null ? (
                    <Link to={`/member/${duplicate.member_id}`} target="_blank">
                      <FormattedMessage
                        id="importExistingMember"
                        values={{ id: duplicate.member_id }}
                      />
                    </Link>
                  ) : (
                    <FormattedMessage
                      id="importEarlierRow"
                      values={{ row: duplicate.other_row ?? 0 }}
                    />
                  ),
              },
              {
                title: intl.formatMessage({ id: 'importReason' }),
                dataIndex: 'reason',
                render: (reason: ImportDuplicate['reason']) =>
                  intl.formatMessage({
                    id:
                      reason === 'same_name_and_phone'
                        ? 'importSameNameAndPhone'
                        : 'importSameNameAndBirthDate',
                  }),
              },
            ]}
          />
          <fieldset className="import-duplicate-choice">
            <legend>
              <FormattedMessage id="importDuplicateChoice" />
            </legend>
            <Radio.Group
              value={onDuplicate}
              onChange={(event) => onDuplicateChoice(event.target.value as OnDuplicate)}
              options={(['skip', 'update', 'create'] as const).map((choice) => ({
                value: choice,
                label: intl.formatMessage({ id: `importDuplicate.${choice}` }),
              }))}
              className="import-radios"
            />
          </fieldset>
        </>
      )}

      {preview.preview.length > 0 && (
        <>
          <Typography.Title level={3} className="import-section-title">
            <FormattedMessage id="importFirstRows" />
          </Typography.Title>
          <Table
            size="small"
            className="import-table"
            rowKey="row"
            dataSource={preview.preview}
            scroll={{ x: true }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              {
                title: intl.formatMessage({ id: 'importRow' }),
                dataIndex: 'row',
                width: 72,
              },
              {
                title: intl.formatMessage({ id: 'importName' }),
                key: 'name',
                render: (_: unknown, row) => fullName(row),
              },
              {
                title: intl.formatMessage({ id: fieldLabelId('phone_primary') }),
                dataIndex: 'phone_primary',
              },
            ]}
          />
        </>
      )}

      <Flex gap={8} wrap justify="space-between" className="import-actions">
        <Button onClick={onBack}>
          <FormattedMessage id="importBackToColumns" />
        </Button>
        <Button type="primary" onClick={onImport} disabled={toImport <= 0}>
          <FormattedMessage id="importRowsButton" values={{ count: Math.max(toImport, 0) }} />
        </Button>
      </Flex>
    </div>
  )
}

export function ReportStep({
  result,
  downloading,
  onDownloadReport,
  onAgain,
}: {
  result: ImportResult
  downloading: boolean
  onDownloadReport: () => void
  onAgain: () => void
}) {
  const intl = useIntl()
  const navigate = useNavigate()
  return (
    <div className="import-step">
      <StepHeading id="importStepReport" />
      <Result
        status={result.refused > 0 ? 'warning' : 'success'}
        title={intl.formatMessage({ id: 'importDone' })}
        className="import-result"
      />
      <div className="import-figures">
        <Figure
          label={intl.formatMessage({ id: 'importCreated' })}
          value={result.created}
          tone="ok"
        />
        <Figure label={intl.formatMessage({ id: 'importUpdated' })} value={result.updated} />
        <Figure label={intl.formatMessage({ id: 'importSkipped' })} value={result.skipped} />
        <Figure
          label={intl.formatMessage({ id: 'importRefused' })}
          value={result.refused}
          tone={result.refused ? 'bad' : undefined}
        />
      </div>
      {result.refused > 0 && (
        <Typography.Paragraph type="secondary" className="import-report-help">
          <FormattedMessage id="importRefusedHelp" />
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap className="import-actions">
        {result.refused > 0 && (
          <Button loading={downloading} onClick={onDownloadReport}>
            <FormattedMessage id="importDownloadReport" />
          </Button>
        )}
        <Button onClick={onAgain}>
          <FormattedMessage id="importAnother" />
        </Button>
        <Button type="primary" onClick={() => navigate('/members')}>
          <FormattedMessage id="importOpenMembers" />
        </Button>
      </Flex>
    </div>
  )
}
