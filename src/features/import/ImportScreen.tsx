import { DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Result, Steps, Typography } from 'antd'
import { useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { canWrite } from '../../domain'
import { registerFile, releaseFile } from '../../shared/fileRegistry'
import { ScreenSection } from '../../shared/ScreenSection'
import { useIsMobile } from '../../shared/useMediaQuery'
import { useRole } from '../auth'
import { selectCalendar, selectLanguage } from '../preferences'
import {
  useCommitImportMutation,
  usePreviewImportMutation,
  useUploadImportMutation,
  type ImportCalendar,
} from './importApi'
import { fileProblem } from './importFiles'
import {
  backToMapping,
  calendarChosen,
  columnMapped,
  duplicateChoiceMade,
  fileRefused,
  restarted,
  selectImport,
  type ImportStatus,
} from './importSlice'
import { MappingStep, PreviewStep, ReportStep, UploadStep } from './ImportSteps'
import { useDownload } from './useDownload'
import './import.css'

const STEP_IDS = [
  'importStepUpload',
  'importStepColumns',
  'importStepPreview',
  'importStepImport',
  'importStepReport',
]

const STEP_OF: Record<ImportStatus, number> = {
  choosing: 0,
  uploading: 0,
  mapping: 1,
  previewing: 1,
  reviewing: 2,
  committing: 3,
  done: 4,
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

  // A fresh import reads text dates in the user's own calendar until they say otherwise.
  const fresh = state.status === 'choosing' && state.fileId === null
  useEffect(() => {
    if (fresh) dispatch(calendarChosen(preferredCalendar))
  }, [fresh, preferredCalendar, dispatch])

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
    upload({ fileId, fileName, calendar }).catch(() => {})
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
  const templateUrl = `api/imports/template?lang=${language}`
  const step = STEP_OF[state.status]

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
    case 'mapping':
    case 'previewing':
      body = state.preview && (
        <MappingStep
          preview={state.preview}
          mapping={state.mapping}
          calendar={state.calendar}
          busy={state.status === 'previewing'}
          onCalendar={chooseCalendar}
          onMap={(column, field) => dispatch(columnMapped({ column, field }))}
          onBack={startAgain}
          onNext={() => {
            if (state.preview)
              preview({ id: state.preview.id, mapping: state.mapping }).catch(() => {})
          }}
        />
      )
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
          onImport={() => {
            if (!state.preview) return
            commit({
              id: state.preview.id,
              mapping: state.mapping,
              on_duplicate: state.onDuplicate,
            }).catch(() => {})
          }}
        />
      )
      break
    case 'done':
      body = state.result && state.preview && (
        <ReportStep
          result={state.result}
          downloading={download.busy === 'report'}
          onDownloadReport={() =>
            void download.start(
              'report',
              `api/imports/${state.preview?.id}/report?lang=${language}`,
              'abal-import-refused-rows.xlsx',
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
      <div aria-live="polite">{body}</div>
    </ScreenSection>
  )
}
