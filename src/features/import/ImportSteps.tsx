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
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl'
import { Link, useNavigate } from 'react-router'
import {
  BIRTH_PART_TARGETS,
  ENUM_OPTIONS,
  FAMILY_ROLES,
  FAMILY_TARGETS,
  fieldLabelId,
  formatDate,
  FULL_NAME_TARGET,
  HOUSEHOLD_STATUSES,
  MEMBER_INPUT_FIELDS,
  optionMessageId,
  type DateLanguage,
  type ImportChange,
  type ImportDateColumn,
  type ImportDuplicate,
  type ImportHouseholdChange,
  type ImportMapping,
  type ImportPreview,
  type ImportProgress,
  type ImportResult,
  type ImportRowError,
  type ImportTarget,
  type ImportValueMap,
  ON_DUPLICATE,
  type OnDuplicate,
  targetLabelId,
} from '../../domain'
import { messageOptions } from '../../shared/messageOptions'
import type { ImportCalendar } from './importApi'
import { IMPORT_ACCEPT } from './importFiles'

const IGNORE = ''
const NOTES = 'notes-column'

/** A target's label: a member field's, or the family columns' or the full name's own. */
export function targetLabel(intl: IntlShape, target: string): string {
  const id = targetLabelId(target)
  return intl.messages[id] ? intl.formatMessage({ id }) : target
}

/** The message id of an option key's label for an enumerated target. */
function optionId(target: string, key: string): string {
  if (target === 'family_role') return `importFamilyRole.${key}`
  if (target === 'family_status') return `option.household_status.${key}`
  return optionMessageId(target, key)
}

/** An option key's label for an enumerated target (a family role or status, a member enum). */
function optionText(intl: IntlShape, target: string, key: string): string {
  const id = optionId(target, key)
  return intl.messages[id] ? intl.formatMessage({ id }) : key
}

/** A note on the columns or values the steps show, worded by its message. */
function ImportNote({
  type,
  id,
  values,
}: {
  type: 'info' | 'warning'
  id: string
  values: Record<string, string | number>
}) {
  const intl = useIntl()
  return (
    <Alert
      type={type}
      showIcon
      className="import-alert"
      title={intl.formatMessage({ id }, values)}
    />
  )
}

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
  const targets: ImportTarget[] = [
    ...MEMBER_INPUT_FIELDS,
    FULL_NAME_TARGET,
    ...BIRTH_PART_TARGETS,
    ...FAMILY_TARGETS,
  ]
  const fields = targets
    .map((field) => ({ value: field as string, label: targetLabel(intl, field) }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale))
  return [
    { value: IGNORE, label: intl.formatMessage({ id: 'importIgnoreColumn' }) },
    { value: NOTES, label: intl.formatMessage({ id: 'importKeepInNotes' }) },
    ...fields,
  ]
}

export function MappingStep({
  preview,
  mapping,
  notesColumns,
  calendar,
  busy,
  onCalendar,
  onMap,
  onBack,
  onNext,
}: {
  preview: ImportPreview
  mapping: ImportMapping
  notesColumns: readonly string[]
  calendar: ImportCalendar
  busy: boolean
  onCalendar: (calendar: ImportCalendar) => void
  onMap: (column: string, field: ImportTarget | null, toNotes?: boolean) => void
  onBack: () => void
  onNext: () => void
}) {
  const intl = useIntl()
  const text = useTextParts()
  const options = useMemo(() => fieldOptions(intl), [intl])
  const mapped = preview.columns.filter((column) => mapping[column]).length
  const fields = new Set(Object.values(mapping))
  // A grandfather's name without a father's name is read as the father's name (two-part names);
  // a full name holds both.
  const missing = (['first_name', 'middle_name'] as const).filter(
    (field) =>
      !fields.has(field) &&
      !fields.has(FULL_NAME_TARGET) &&
      !(field === 'middle_name' && fields.has('last_name')),
  )
  const fatherColumn = preview.columns.find((column) => mapping[column] === 'middle_name')
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
          const hintId = `import-column-hint-${index}`
          const fullName = mapping[column] === FULL_NAME_TARGET
          return (
            <li key={column} className="import-mapping-row">
              <label htmlFor={id} className="import-mapping-column" title={column}>
                {column}
              </label>
              <Select
                id={id}
                className="import-mapping-select"
                value={mapping[column] ?? (notesColumns.includes(column) ? NOTES : IGNORE)}
                options={options}
                showSearch={{ optionFilterProp: 'label' }}
                disabled={busy}
                aria-label={intl.formatMessage({ id: 'importFieldFor' }, { column })}
                aria-describedby={fullName ? hintId : undefined}
                onChange={(value: string) =>
                  value === IGNORE || value === NOTES
                    ? onMap(column, null, value === NOTES)
                    : onMap(column, value as ImportTarget)
                }
              />
              {fullName && (
                <Typography.Text type="secondary" id={hintId} className="import-mapping-hint">
                  <FormattedMessage id="importFullNameHint" />
                </Typography.Text>
              )}
            </li>
          )
        })}
      </ul>
      {preview.two_part_names && fatherColumn && (
        <ImportNote type="info" id="importTwoPartNames" values={{ column: fatherColumn }} />
      )}
      {missing.length > 0 && (
        <ImportNote
          type="warning"
          id="importRequiredUnmapped"
          values={{
            fields: text.list(
              missing.map((field) => intl.formatMessage({ id: fieldLabelId(field) })),
            ),
          }}
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

/** A row's problem, naming the cell's value and what is accepted where the value is the fault. */
function problemText(intl: IntlShape, error: ImportRowError): string {
  const { value, field, message } = error
  if (value === undefined) return messageText(intl, message)
  if (message === 'invalidDate')
    return intl.formatMessage({ id: 'importInvalidDateValue' }, { value })
  if (message === 'importDateUnknown') return intl.formatMessage({ id: message }, { value })
  const keys =
    field === 'family_role'
      ? [...FAMILY_ROLES]
      : field === 'family_status'
        ? [...HOUSEHOLD_STATUSES]
        : field in ENUM_OPTIONS
          ? ENUM_OPTIONS[field as keyof typeof ENUM_OPTIONS].map((option) => option.key as string)
          : undefined
  if (message === 'invalidValue' && keys) {
    const options = keys.map((key) => optionText(intl, field, key)).join(', ')
    return intl.formatMessage({ id: 'importInvalidOptionValue' }, { value, options })
  }
  return `“${value}”: ${messageText(intl, message)}`
}

const REASON_IDS: Record<ImportDuplicate['reason'], string> = {
  same_external_id: 'importSameExternalId',
  same_name_and_phone: 'importSameNameAndPhone',
  same_name_and_birth_date: 'importSameNameAndBirthDate',
  same_name_and_email: 'importSameNameAndEmail',
  same_row: 'importSameRow',
}

const shown = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join(', ')
      : String(value)

/** Step 3 (issue 45): each unknown value of an enumerated column once; each date column's calendar. */
const COLUMN_SECTIONS = {
  values: { titleId: 'importValuesTitle', helpId: 'importValuesHelp', box: 'import-value-column' },
  dates: { titleId: 'importDatesTitle', helpId: 'importDatesHelp', box: 'import-date-column' },
} as const

/** A titled section of the values step: one box per column of the file, led by its field. */
function ColumnSection<T extends { column: string; field: string }>({
  kind,
  columns,
  children,
}: {
  kind: keyof typeof COLUMN_SECTIONS
  columns: readonly T[]
  children: (column: T) => ReactNode
}) {
  const intl = useIntl()
  if (columns.length === 0) return null
  const { titleId, helpId, box } = COLUMN_SECTIONS[kind]
  const headingId = `import-${kind}-title`
  return (
    <section className={`import-${kind}`} aria-labelledby={headingId}>
      <Typography.Title level={3} className="import-section-title" id={headingId}>
        <FormattedMessage id={titleId} />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id={helpId} />
      </Typography.Paragraph>
      {columns.map((column) => (
        <fieldset key={column.column} className={box}>
          <legend>
            {column.column} → {targetLabel(intl, column.field)}
          </legend>
          {children(column)}
        </fieldset>
      ))}
    </section>
  )
}

export function ValuesStep({
  preview,
  valueMap,
  columnCalendars,
  busy,
  onValue,
  onCalendar,
  onBack,
  onNext,
}: {
  preview: ImportPreview
  valueMap: ImportValueMap
  columnCalendars: Record<string, ImportCalendar>
  busy: boolean
  onValue: (column: string, value: string, key: string | null | undefined) => void
  onCalendar: (column: string, calendar: ImportCalendar) => void
  onBack: () => void
  onNext: () => void
}) {
  const intl = useIntl()
  const text = useTextParts()
  const language = intl.locale.slice(0, 2) as DateLanguage
  const EMPTY = 'empty-value'
  const reading = (iso: string | null, calendar: ImportCalendar) =>
    iso
      ? `${formatDate(iso, calendar, language)} (${formatDate(iso, calendar === 'ethiopian' ? 'gregorian' : 'ethiopian', language)})`
      : intl.formatMessage({ id: 'importDateNotRead' })
  const calendarOf = (column: ImportDateColumn) => columnCalendars[column.column] ?? column.calendar
  return (
    <div className="import-step">
      <StepHeading id="importStepValues" />
      <ColumnSection kind="values" columns={preview.values}>
        {(column) => (
          <ul className="import-mapping">
            {column.values.map(({ value, count }, index) => {
              const id = `import-value-${column.column}-${index}`.replace(/\s+/g, '-')
              const chosen = valueMap[column.column]?.[value]
              return (
                <li key={value} className="import-mapping-row">
                  <label htmlFor={id} className="import-mapping-column" title={value}>
                    <span className="import-value-text">{text.quoted(value)}</span>{' '}
                    <Typography.Text type="secondary" className="import-value-count">
                      <FormattedMessage id="importValueCount" values={{ count }} />
                    </Typography.Text>
                  </label>
                  <Select
                    id={id}
                    className="import-mapping-select"
                    value={chosen === undefined ? undefined : (chosen ?? EMPTY)}
                    placeholder={intl.formatMessage({ id: 'importValueUnchosen' })}
                    showSearch={{ optionFilterProp: 'label' }}
                    disabled={busy}
                    aria-label={intl.formatMessage(
                      { id: 'importValueFor' },
                      { value, column: column.column },
                    )}
                    options={[
                      { value: EMPTY, label: intl.formatMessage({ id: 'importValueEmpty' }) },
                      ...column.accepted.map((key) => ({
                        value: key,
                        label: optionText(intl, column.field, key),
                      })),
                    ]}
                    onChange={(key: string) =>
                      onValue(column.column, value, key === EMPTY ? null : key)
                    }
                  />
                </li>
              )
            })}
          </ul>
        )}
      </ColumnSection>
      <ColumnSection kind="dates" columns={preview.date_columns}>
        {(column) => (
          <>
            {column.date_cells > 0 && (
              <ImportNote
                type="warning"
                id="importDateCellsWarning"
                values={{ count: column.date_cells }}
              />
            )}
            <Table
              size="small"
              className="import-table"
              rowKey="text"
              pagination={false}
              dataSource={column.samples}
              scroll={{ x: true }}
              columns={[
                {
                  title: intl.formatMessage({ id: 'importDateAsWritten' }),
                  dataIndex: 'text',
                },
                {
                  title: intl.formatMessage({ id: 'importDateAsGregorian' }),
                  dataIndex: 'gregorian',
                  render: (iso: string | null) => reading(iso, 'gregorian'),
                },
                {
                  title: intl.formatMessage({ id: 'importDateAsEthiopian' }),
                  dataIndex: 'ethiopian',
                  render: (iso: string | null) => reading(iso, 'ethiopian'),
                },
              ]}
            />
            <Radio.Group
              className="import-radios"
              value={calendarOf(column)}
              disabled={busy}
              aria-label={intl.formatMessage(
                { id: 'importDateCalendarFor' },
                { column: column.column },
              )}
              onChange={(event) => onCalendar(column.column, event.target.value as ImportCalendar)}
              options={(['gregorian', 'ethiopian'] as const).map((calendar) => ({
                value: calendar,
                label: intl.formatMessage({
                  id: calendar === 'ethiopian' ? 'importDateAsEthiopian' : 'importDateAsGregorian',
                }),
              }))}
            />
          </>
        )}
      </ColumnSection>
      <Flex gap={8} wrap justify="space-between" className="import-actions">
        <Button onClick={onBack} disabled={busy}>
          <FormattedMessage id="importBackToColumns" />
        </Button>
        <Button type="primary" loading={busy} onClick={onNext}>
          <FormattedMessage id="importShowPreview" />
        </Button>
      </Flex>
    </div>
  )
}

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

/** A preview section's title, and the line under it that says what it lists. */
function SectionHeading({ titleId, helpId }: { titleId: string; helpId?: string }) {
  return (
    <>
      <Typography.Title level={3} className="import-section-title">
        <FormattedMessage id={titleId} />
      </Typography.Title>
      {helpId && (
        <Typography.Paragraph type="secondary">
          <FormattedMessage id={helpId} />
        </Typography.Paragraph>
      )}
    </>
  )
}

/** A table's column with the stored value struck out and the file's after it. */
function changeColumn<T>(values: (row: T) => [ReactNode, ReactNode]) {
  return {
    title: '→',
    key: 'change',
    render: (_: unknown, row: T) => {
      const [before, after] = values(row)
      return (
        <span className="import-change">
          <del>{before}</del> → <ins>{after}</ins>
        </span>
      )
    },
  }
}

/**
 * With "update": the filled fields of the households the file's families join that it changes,
 * old → new, each household a link to its page.
 */
function HouseholdChanges({ changes }: { changes: readonly ImportHouseholdChange[] }) {
  const intl = useIntl()
  const value = (change: ImportHouseholdChange, text: string) =>
    change.field === 'family_status'
      ? intl.formatMessage({ id: optionId(change.field, text) })
      : text
  return (
    <>
      <SectionHeading titleId="importHouseholdChangesTitle" helpId="importHouseholdChangesHelp" />
      <Table<ImportHouseholdChange>
        size="small"
        className="import-table"
        rowKey={(change) => `${change.household_id}-${change.field}`}
        dataSource={changes}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          {
            title: intl.formatMessage({ id: 'household' }),
            key: 'household',
            render: (_: unknown, change) => (
              <Link to={`/households/${change.household_id}`} target="_blank">
                {change.household}
              </Link>
            ),
          },
          fieldColumn(intl),
          changeColumn((change: ImportHouseholdChange) => [
            value(change, change.old),
            value(change, change.new),
          ]),
        ]}
      />
    </>
  )
}

/** A table's column naming the field of a row's cell. */
const fieldColumn = (intl: IntlShape) => ({
  title: intl.formatMessage({ id: 'importField' }),
  dataIndex: 'field',
  render: (field: string) => targetLabel(intl, field),
})

/** A titled table of cells with a problem (the refused ones, or those left empty): field, why. */
function RowProblems({
  titleId,
  helpId,
  rows,
}: {
  titleId: string
  helpId?: string
  rows: readonly ImportRowError[]
}) {
  const intl = useIntl()
  if (rows.length === 0) return null
  return (
    <>
      <SectionHeading titleId={titleId} helpId={helpId} />
      <FileRowTable<ImportRowError>
        rowKey={(problem) => `${problem.row}-${problem.field}`}
        rows={rows}
        columns={[
          fieldColumn(intl),
          {
            title: intl.formatMessage({ id: 'importProblem' }),
            key: 'message',
            render: (_: unknown, problem) => problemText(intl, problem),
          },
        ]}
      />
    </>
  )
}

export function PreviewStep({
  preview,
  onDuplicate,
  committing,
  onDuplicateChoice,
  onBack,
  onBackToValues,
  onImport,
}: {
  preview: ImportPreview
  onDuplicate: OnDuplicate
  committing: boolean
  onDuplicateChoice: (choice: OnDuplicate) => void
  onBack: () => void
  /** Back to the values step, when the file has one. */
  onBackToValues?: () => void
  onImport: () => void
}) {
  const intl = useIntl()
  const invalidRows = new Set(preview.errors.map((error) => error.row))
  const valid = preview.rows - invalidRows.size
  const duplicates = preview.duplicates.filter((duplicate) => !invalidRows.has(duplicate.row))
  const toImport = onDuplicate === 'skip' ? valid - duplicates.length : valid

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
      <RowProblems titleId="importErrorsTitle" helpId="importErrorsHelp" rows={preview.errors} />
      <RowProblems titleId="importWarningsTitle" rows={preview.warnings} />

      {preview.duplicates.length > 0 && (
        <>
          <SectionHeading titleId="importDuplicatesTitle" />
          {/* Refused rows too: corrected and imported again, they would double a member. */}
          <FileRowTable<ImportDuplicate>
            rowKey="row"
            rows={preview.duplicates}
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
                key: 'reason',
                render: (_: unknown, duplicate) => (
                  <>
                    {intl.formatMessage({ id: REASON_IDS[duplicate.reason] })}
                    {duplicate.refused && (
                      <Typography.Text type="danger" className="import-duplicate-refused">
                        <FormattedMessage id="importDuplicateRefused" />
                      </Typography.Text>
                    )}
                  </>
                ),
              },
            ]}
          />
        </>
      )}
      {duplicates.length > 0 && (
        <>
          <fieldset className="import-duplicate-choice">
            <legend>
              <FormattedMessage id="importDuplicateChoice" />
            </legend>
            <Radio.Group
              value={onDuplicate}
              onChange={(event) => onDuplicateChoice(event.target.value as OnDuplicate)}
              options={messageOptions(ON_DUPLICATE, 'importDuplicate', (id) =>
                intl.formatMessage({ id }),
              )}
              className="import-radios"
            />
          </fieldset>
          {onDuplicate === 'update' && preview.changes.length > 0 && (
            <>
              <SectionHeading titleId="importChangesTitle" helpId="importChangesHelp" />
              <FileRowTable<ImportChange>
                rowKey={(change) => `${change.row}-${change.field}`}
                rows={preview.changes}
                columns={[
                  fieldColumn(intl),
                  changeColumn((change: ImportChange) => [shown(change.old), shown(change.new)]),
                ]}
              />
            </>
          )}
          {onDuplicate === 'update' && preview.household_changes.length > 0 && (
            <HouseholdChanges changes={preview.household_changes} />
          )}
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
        <Flex gap={8} wrap>
          <Button onClick={onBack}>
            <FormattedMessage id="importBackToColumns" />
          </Button>
          {onBackToValues && (
            <Button onClick={onBackToValues}>
              <FormattedMessage id="importBackToValues" />
            </Button>
          )}
        </Flex>
        <Button type="primary" onClick={onImport} disabled={toImport <= 0}>
          <FormattedMessage id="importRowsButton" values={{ count: Math.max(toImport, 0) }} />
        </Button>
      </Flex>
    </div>
  )
}

/** How far the server is with a check or commit, as it last said (rows checked or stored). */
export function ServerProgress({ progress }: { progress: ImportProgress }) {
  const intl = useIntl()
  const { phase, done, total } = progress
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0
  return (
    <div className="import-server-progress">
      <Progress
        percent={percent}
        status="active"
        aria-label={intl.formatMessage({ id: 'importServerProgress' })}
      />
      <Typography.Text className="import-upload-text">
        <FormattedMessage
          id={phase === 'checking' ? 'importCheckingRows' : 'importStoringRows'}
          values={{ done, total }}
        />
      </Typography.Text>
    </div>
  )
}

export type ReportFormat = 'xlsx' | 'csv'

export function ReportStep({
  result,
  downloading,
  onDownloadReport,
  onAgain,
}: {
  result: ImportResult
  /** The report format being downloaded, if any. */
  downloading: ReportFormat | null
  onDownloadReport: (format: ReportFormat) => void
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
          <>
            <Button loading={downloading === 'xlsx'} onClick={() => onDownloadReport('xlsx')}>
              <FormattedMessage id="importDownloadReport" />
            </Button>
            <Button loading={downloading === 'csv'} onClick={() => onDownloadReport('csv')}>
              <FormattedMessage id="importDownloadReportCsv" />
            </Button>
          </>
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
