import { DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Result, Steps, Typography } from 'antd'
import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { canWrite } from '../../domain'
import { registerFile, releaseFile } from '../../shared/fileRegistry'
import { ScreenSection } from '../../shared/ScreenSection'
import { useIsMobile } from '../../shared/useMediaQuery'
import { useRole } from '../auth'
import { selectCalendar, selectLanguage } from '../preferences'
import {
  PROGRESS_POLL_MS,
  progressToken,
  useCommitImportMutation,
  useImportProgressQuery,
  usePreviewImportMutation,
  useUploadImportMutation,
  type ImportCalendar,
} from './importApi'
import { fileProblem } from './importFiles'
import {
  backToMapping,
  backToValues,
  calendarChosen,
  choicesOf,
  choicesRemembered,
  columnCalendarChosen,
  columnMapped,
  duplicateChoiceMade,
  fileRefused,
  restarted,
  selectImport,
  valueMapped,
  type ImportStatus,
} from './importSlice'
import {
  MappingStep,
  PreviewStep,
  ReportStep,
  ServerProgress,
  UploadStep,
  ValuesStep,
} from './ImportSteps'
import { loadChoices, saveChoices } from './rememberedChoices'
import { useDownload } from '../../shared/useDownload'
import './import.css'

const STEP_IDS = [
  'importStepUpload',
  'importStepColumns',
  'importStepValues',
  'importStepPreview',
  'importStepImport',
  'importStepReport',
]

const STEP_OF: Record<ImportStatus, number> = {
  choosing: 0,
  uploading: 0,
  mapping: 1,
  previewing: 1,
  values: 2,
  reviewing: 3,
  committing: 4,
  done: 5,
}

/** Issue 24: upload → column mapping → preview → import → report, for admins and clerks. */
export default function ImportScreen() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const role = useRole()
  const compact = useIsMobile()
  const language = useAppSelector(selectLanguage)
  const preferredCalendar = useAppSelector(selectCalendar)
  const state = useAppSelector(selectImport)
  const [upload] = useUploadImportMutation()
  const [preview] = usePreviewImportMutation()
  const [commit] = useCommitImportMutation()
  const download = useDownload()

  // Each upload, check and commit names itself with a fresh token; while it runs, the screen
  // asks the server how many rows it has checked or stored under that token.
  const [token, setToken] = useState<string | null>(null)
  const startToken = () => {
    const fresh = progressToken()
    setToken(fresh)
    return fresh
  }
  const waiting =
    state.status === 'uploading' || state.status === 'previewing' || state.status === 'committing'
  const { currentData: serverProgress } = useImportProgressQuery(
    waiting && token ? token : skipToken,
    { pollingInterval: PROGRESS_POLL_MS },
  )

  // A fresh import reads text dates in the user's own calendar until they say otherwise.
  const fresh = state.status === 'choosing' && state.fileId === null
  useEffect(() => {
    if (fresh) dispatch(calendarChosen(preferredCalendar))
  }, [fresh, preferredCalendar, dispatch])

  // A file whose headers were imported before gets its last confirmed choices back, once.
  const rememberedFor = useRef<string | null>(null)
  useEffect(() => {
    if (state.status !== 'mapping' || !state.preview || !state.fileId) return
    if (rememberedFor.current === state.fileId) return
    rememberedFor.current = state.fileId
    const remembered = loadChoices(state.preview.columns)
    if (remembered) dispatch(choicesRemembered(remembered))
  }, [state.status, state.preview, state.fileId, dispatch])
  const committedFile = state.status === 'done' ? state.preview : null
  const lastChoices = useRef(choicesOf(state))
  lastChoices.current = choicesOf(state)
  useEffect(() => {
    if (committedFile) saveChoices(committedFile.columns, lastChoices.current)
  }, [committedFile])

  if (!canWrite(role)) {
    return (
      <Result
        status="403"
        title={intl.formatMessage({ id: 'importMembers' })}
        subTitle={intl.formatMessage({ id: 'importNotAllowed' })}
      />
    )
  }

  const send = (fileId: string, fileName: string, calendar: ImportCalendar) => {
    upload({ fileId, fileName, calendar, progress: startToken() }).catch(() => {})
  }
  const chooseFile = (file: File) => {
    const problem = fileProblem(file)
    if (problem) {
      dispatch(fileRefused(problem))
      return
    }
    releaseFile(state.fileId)
    send(registerFile(file), file.name, state.calendar)
  }
  const chooseCalendar = (calendar: ImportCalendar) => {
    dispatch(calendarChosen(calendar))
    // The server reads text dates at upload: on the mapping step the file goes up again.
    if (state.status === 'mapping' && state.fileId) send(state.fileId, state.fileName, calendar)
  }
  const startAgain = () => {
    releaseFile(state.fileId)
    dispatch(restarted())
  }
  // The template's date headers name the calendar the tick says, so file, tick and preview agree.
  const templateUrl = `api/imports/template?lang=${language}&calendar=${state.calendar}`
  const step = STEP_OF[state.status]

  // What a preview or commit sends; leaving the values step confirms each date column's calendar.
  const choices = () => {
    const sent = choicesOf(state)
    if (state.status !== 'values' || !state.preview) return sent
    const calendars = { ...sent.column_calendars }
    for (const column of state.preview.date_columns) {
      calendars[column.column] ??= column.calendar
    }
    return { ...sent, column_calendars: calendars }
  }
  const showPreview = () => {
    if (!state.preview) return
    preview({ id: state.preview.id, ...choices(), progress: startToken() }).catch(() => {})
  }
  const hasValuesStep =
    !!state.preview && (state.preview.values.length > 0 || state.preview.date_columns.length > 0)

  let body
  switch (state.status) {
    case 'choosing':
    case 'uploading':
      body = (
        <UploadStep
          uploading={state.status === 'uploading'}
          uploadPercent={state.uploadPercent}
          fileName={state.fileName}
          focusHeading={!fresh}
          calendar={state.calendar}
          onCalendar={chooseCalendar}
          onFile={chooseFile}
        />
      )
      break
    case 'values':
      body = state.preview && (
        <ValuesStep
          preview={state.preview}
          valueMap={state.valueMap}
          columnCalendars={state.columnCalendars}
          busy={false}
          onValue={(column, value, key) => dispatch(valueMapped({ column, value, key }))}
          onCalendar={(column, calendar) => dispatch(columnCalendarChosen({ column, calendar }))}
          onBack={() => dispatch(backToMapping())}
          onNext={showPreview}
        />
      )
      break
    case 'mapping':
    case 'previewing':
      body =
        state.preview &&
        (state.status === 'previewing' && state.valuesConfirmed ? (
          <ValuesStep
            preview={state.preview}
            valueMap={state.valueMap}
            columnCalendars={state.columnCalendars}
            busy
            onValue={() => {}}
            onCalendar={() => {}}
            onBack={() => {}}
            onNext={() => {}}
          />
        ) : (
          <MappingStep
            preview={state.preview}
            mapping={state.mapping}
            notesColumns={state.notesColumns}
            calendar={state.calendar}
            busy={state.status === 'previewing'}
            onCalendar={chooseCalendar}
            onMap={(column, field, toNotes) => dispatch(columnMapped({ column, field, toNotes }))}
            onBack={startAgain}
            onNext={showPreview}
          />
        ))
      break
    case 'reviewing':
    case 'committing':
      body = state.preview && (
        <PreviewStep
          preview={state.preview}
          onDuplicate={state.onDuplicate}
          committing={state.status === 'committing'}
          onDuplicateChoice={(choice) => dispatch(duplicateChoiceMade(choice))}
          onBack={() => dispatch(backToMapping())}
          onBackToValues={hasValuesStep ? () => dispatch(backToValues()) : undefined}
          onImport={() => {
            if (!state.preview) return
            commit({
              id: state.preview.id,
              ...choices(),
              on_duplicate: state.onDuplicate,
              progress: startToken(),
            }).catch(() => {})
          }}
        />
      )
      break
    case 'done':
      body = state.result && state.preview && (
        <ReportStep
          result={state.result}
          downloading={download.busy === 'xlsx' || download.busy === 'csv' ? download.busy : null}
          onDownloadReport={(format) =>
            void download.start(
              format,
              `api/imports/${state.preview?.id}/report?lang=${language}&format=${format}`,
              `abal-import-refused-rows.${format}`,
            )
          }
          onAgain={startAgain}
        />
      )
      break
  }

  const errorId = state.error ?? download.error
  return (
    <ScreenSection
      id="import-title"
      className="import-screen"
      titleId="importMembers"
      titleClassName="import-title"
      action={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={download.busy === 'template'}
          onClick={() =>
            void download.start('template', templateUrl, `abal-import-template-${language}.xlsx`)
          }
        >
          <FormattedMessage id="importDownloadTemplate" />
        </Button>
      }
    >
      <nav aria-label={intl.formatMessage({ id: 'importSteps' })}>
        {compact ? (
          <Typography.Text type="secondary" className="import-step-line">
            <FormattedMessage
              id="importStepOf"
              values={{
                step: step + 1,
                count: STEP_IDS.length,
                title: intl.formatMessage({ id: STEP_IDS[step] }),
              }}
            />
          </Typography.Text>
        ) : (
          <Steps
            className="import-steps"
            size="small"
            current={step}
            items={STEP_IDS.map((id) => ({ title: intl.formatMessage({ id }) }))}
          />
        )}
      </nav>
      {errorId && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="import-alert"
          title={intl.formatMessage({ id: errorId })}
          action={
            errorId === 'importExpired' ? (
              <Button size="small" onClick={startAgain}>
                <FormattedMessage id="importStartAgain" />
              </Button>
            ) : undefined
          }
        />
      )}
      <div aria-live="polite">
        {body}
        {waiting && serverProgress && <ServerProgress progress={serverProgress} />}
      </div>
    </ScreenSection>
  )
}
