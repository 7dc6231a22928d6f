import { App, Button, Card, Flex, Form, Spin, Steps, Typography } from 'antd'
import { FormikProvider, useFormik, type FormikErrors, type FormikTouched } from 'formik'
import { memo, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { TOKEN_KEY } from '../../app/api'
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks'
import { WIZARD_STEP_COUNT } from '../../domain'
import { releaseFile } from '../../shared/fileRegistry'
import { focusFirstErrorSoon } from '../../shared/focusFirstError'
import { LeaveGuard } from '../../shared/LeaveGuard'
import { Notice } from '../../shared/Notice'
import { useIsMobile } from '../../shared/useMediaQuery'
import { useStableCallback } from '../../shared/useStableCallback'
import { selectCurrentUser, selectIsOfflineSession } from '../auth'
import { type FamilyRegistration, useFamilyRegistration } from '../households'
import {
  closeUnplaced,
  isQueuedResult,
  keepUnplaced,
  QUEUE_PATH,
  QueueStorageNotice,
} from '../offline'
import { transferApi } from '../transfer'
import {
  emptyRegistration,
  firstFailingStep,
  toSubmission,
  validateStep,
  type RegistrationValues,
} from './registrationValues'
import { RegistrationStep, STEP_TITLE_IDS } from './RegistrationSteps'
import { DraftOffer, RegistrationSuccess } from './RegistrationBanners'
import { useRegistrationDraft } from './useRegistrationDraft'
import { useQueuedEdit } from './useQueuedEdit'
import { isFreshWizard, type SubmitFailure, selectWizard, wizardEvents } from './wizardSlice'
import { useCreateMemberMutation } from './wizardApi'
import './wizard.css'

/** Spec 4.5 / 9.6: the form resets this long after a successful submit. */
export const RESET_DELAY_MS = 3000
const LAST_STEP = WIZARD_STEP_COUNT - 1

function touchedFor(errors: Record<string, string>): FormikTouched<RegistrationValues> {
  return Object.fromEntries(Object.keys(errors).map((k) => [k, true]))
}

function useFailureText(failure: SubmitFailure | null): string | null {
  const intl = useIntl()
  if (!failure) return null
  if (failure.kind === 'noToken') return intl.formatMessage({ id: 'noAuthToken' })
  if (failure.kind === 'network') return intl.formatMessage({ id: 'loginNetworkError' })
  if (failure.kind === 'generic') return intl.formatMessage({ id: 'registrationFailed' })
  if (failure.kind === 'translated') return intl.formatMessage({ id: failure.id })
  return failure.message
}

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' })

/** A phone's step list, tight (antd's 48 px rows would fill the screen before any field). */
const VERTICAL_STEP_STYLES = { item: { minHeight: 32, paddingBottom: 4 } }

/** The step headers. Memoised: the screen renders on every key pressed in the form. */
const WizardSteps = memo(function WizardSteps({
  step,
  busy,
  vertical,
  onChange,
}: {
  step: number
  busy: boolean
  vertical: boolean
  onChange: (target: number) => void
}) {
  const intl = useIntl()
  const items = useMemo(
    () =>
      STEP_TITLE_IDS.map((id, i) => ({
        title: intl.formatMessage({ id }),
        disabled: busy || i > step + 1,
      })),
    [intl, busy, step],
  )
  // Spec 2.5: vertical on a phone, the step list itself, drawn compact.
  return (
    <nav aria-label={intl.formatMessage({ id: 'registrationSteps' })}>
      <Steps
        className={
          vertical ? 'registration-steps registration-steps-vertical' : 'registration-steps'
        }
        size="small"
        orientation={vertical ? 'vertical' : 'horizontal'}
        titlePlacement={vertical ? 'horizontal' : 'vertical'}
        styles={vertical ? VERTICAL_STEP_STYLES : undefined}
        current={step}
        onChange={onChange}
        items={items}
      />
    </nav>
  )
})

/**
 * The form itself: step title, fields and actions. Memoised, so that a key pressed in a field
 * renders only that field (and the readers of the form's state), not the whole form around it.
 */
const WizardForm = memo(function WizardForm({
  step,
  busy,
  submitting,
  resetCount,
  username,
  stepHeading,
  submitLabelId,
  onSubmit,
  onBack,
}: {
  step: number
  busy: boolean
  submitting: boolean
  resetCount: number
  username: string
  stepHeading: RefObject<HTMLHeadingElement | null>
  submitLabelId: string
  onSubmit: () => void
  onBack: () => void
}) {
  const intl = useIntl()
  return (
    <Form
      component="form"
      layout="vertical"
      noValidate
      className="registration-form"
      onSubmitCapture={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <Typography.Title
        level={2}
        className="registration-step-title"
        tabIndex={-1}
        ref={stepHeading}
      >
        {intl.formatMessage(
          { id: 'stepOf' },
          {
            current: step + 1,
            total: WIZARD_STEP_COUNT,
            title: intl.formatMessage({ id: STEP_TITLE_IDS[step] }),
          },
        )}
      </Typography.Title>
      <div key={resetCount}>
        <RegistrationStep step={step} username={username} />
      </div>
      <Flex justify="space-between" gap={12} className="registration-actions">
        <Button disabled={step === 0 || busy} onClick={onBack}>
          {intl.formatMessage({ id: 'back' })}
        </Button>
        <Button type="primary" htmlType="submit" loading={submitting} disabled={busy}>
          {intl.formatMessage({ id: step < LAST_STEP ? 'next' : submitLabelId })}
        </Button>
      </Flex>
    </Form>
  )
})

/**
 * /registration: the seven-step member registration of spec 2.5; `?queued=id` edits a
 * registration waiting on this device instead (issue 30). A fresh form for each.
 */
export default function RegistrationRoute() {
  const [params] = useSearchParams()
  const queuedId = params.get('queued')
  const household = params.get('household')
  // A new member of a household (issue 44): prefilled from it, then linked in its role.
  if (household && /^\d{1,10}$/.test(household)) {
    const role = params.get('role')
    return (
      <FamilyRegistrationRoute
        key={`${household}-${role}`}
        householdId={Number(household)}
        role={role}
      />
    )
  }
  return <RegistrationScreen key={queuedId ?? 'new'} queuedId={queuedId} />
}

function FamilyRegistrationRoute({
  householdId,
  role,
}: {
  householdId: number
  role: string | null
}) {
  const dispatch = useAppDispatch()
  // A member left out of the household is kept with the offline queue's notices: a reload
  // shows it again until the clerk closes it.
  const family = useFamilyRegistration(householdId, role, {
    keep: (member) => void dispatch(keepUnplaced(member)),
    forget: (member) => void dispatch(closeUnplaced(member)),
  })
  if (family.status === 'loading') return <Spin className="registration-banner" />
  if (family.status === 'error') {
    return (
      <Notice
        type="error"
        role="alert"
        titleId={family.missing ? 'householdNotFound' : 'householdLoadFailed'}
        className="registration-banner"
      />
    )
  }
  return <RegistrationScreen queuedId={null} family={family} />
}

function RegistrationScreen({
  queuedId,
  family,
}: {
  queuedId: string | null
  family?: Extract<FamilyRegistration, { status: 'ready' }>
}) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const isMobile = useIsMobile()
  const user = useAppSelector(selectCurrentUser)
  const offlineSession = useAppSelector(selectIsOfflineSession)
  const { status, step, failure, created } = useAppSelector(selectWizard)
  const [createMember, { data: lastResult }] = useCreateMemberMutation()
  const savedOnDevice = isQueuedResult(lastResult)
  // Spec 2.5 / 7.2: the user list is fetched when the screen opens. A subscription only: the
  // screen shows nothing of it, so the request's pending and fulfilled states do not render the
  // whole form again (twice, ~540 components each, right after its first render).
  transferApi.endpoints.getUsers.useQuerySubscription()
  const failureText = useFailureText(failure)
  const [resetCount, setResetCount] = useState(0)
  const stepHeading = useRef<HTMLHeadingElement | null>(null)
  const firstRender = useRef(true)

  // The household's address and phone, a child's names from its father: all editable.
  const [startValues] = useState<RegistrationValues>(() => ({
    ...emptyRegistration(),
    ...(family?.values as Partial<RegistrationValues> | undefined),
  }))
  const formik = useFormik<RegistrationValues>({
    initialValues: startValues,
    validate: (values) => validateStep(step, values) as FormikErrors<RegistrationValues>,
    validateOnMount: false,
    onSubmit: () => undefined,
  })

  // The form starts empty on every visit, so the wizard starts at step 0 too: only when it is
  // elsewhere, so that every `opened` in the log changed something.
  const store = useAppStore()
  useEffect(() => {
    if (!isFreshWizard(selectWizard(store.getState()))) dispatch(wizardEvents.opened())
  }, [dispatch, store])

  // A new step: start at its top and give screen readers its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    scrollToTop()
    stepHeading.current?.focus({ preventScroll: true })
  }, [step])

  useEffect(() => {
    if (status === 'failed' || status === 'succeeded') scrollToTop()
  }, [status])

  // A household's new member is placed in it while the form stays as sent: it resets only once
  // a failed placement's notice is closed, so nothing changes under the notice.
  const [placing, setPlacing] = useState(false)
  const { resetForm, values } = formik
  useEffect(() => {
    if (status !== 'succeeded' || placing) return
    const timer = setTimeout(() => {
      releaseFile(values.photoId)
      resetForm({ values: startValues })
      setResetCount((n) => n + 1)
      dispatch(wizardEvents.resetDue())
    }, RESET_DELAY_MS)
    return () => clearTimeout(timer)
    // Only the status and the placement start or cancel the timer; the values are read when it
    // fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, placing, dispatch, resetForm])

  // A household's new member, once registered, is placed in its role; back to the household.
  // Only one this screen registered: the wizard keeps the last one for its success banner, and
  // the next "Add a family member" would otherwise put that one in again, in the new role.
  const linked = useRef<number | null>(created?.id ?? null)
  useEffect(() => {
    if (!family || status !== 'succeeded' || !created || linked.current === created.id) return
    linked.current = created.id
    setPlacing(true)
    family.place({ id: created.id, name: created.name ?? '' }, () => setPlacing(false))
  }, [family, status, created])

  const queued = useQueuedEdit(queuedId, (kept) => {
    resetForm({ values: kept })
    setResetCount((n) => n + 1)
  })
  const editingQueued = queued.state.kind !== 'none'
  // A new registration's draft survives leaving (useRegistrationDraft); a queued one's edit does
  // not, so only that asks first. Its own save leaves on purpose.
  const leaving = useRef(false)

  const draft = useRegistrationDraft({
    // Editing a queued registration, or a household's new member, leaves the draft alone.
    user: editingQueued || family ? null : user,
    values,
    step,
    status,
    restore: (kept) => {
      resetForm({ values: kept.values })
      setResetCount((n) => n + 1)
      dispatch(wizardEvents.draftRestored(kept.step))
    },
  })

  // Bumped when Next or Submit stops on errors: once they are drawn, the first takes the focus.
  const [errorPass, setErrorPass] = useState(0)
  const formArea = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    if (errorPass > 0) focusFirstErrorSoon(formArea)
  }, [errorPass])

  const showErrors = (errors: Record<string, string>) => {
    void formik.setTouched(touchedFor(errors), false)
    formik.setErrors(errors as FormikErrors<RegistrationValues>)
    setErrorPass((n) => n + 1)
  }

  /** Next or a click on the next header: validate this step first (spec 4.5). */
  const goAhead = async (target: number) => {
    if (target === step + 1) dispatch(wizardEvents.nextRequested())
    else dispatch(wizardEvents.stepClicked(target))
    // Formik's own validation (its `validate` checks the current step) sets the errors it finds.
    const errors = await formik.validateForm()
    if (Object.keys(errors).length > 0) {
      await formik.setTouched(touchedFor(errors as Record<string, string>), false)
      dispatch(wizardEvents.stepInvalid(step))
      setErrorPass((n) => n + 1)
      return
    }
    await formik.setTouched({}, false)
    dispatch(wizardEvents.stepValidated())
  }

  const submit = async () => {
    dispatch(wizardEvents.submitRequested())
    const failing = firstFailingStep(formik.values, step)
    if (failing) {
      dispatch(wizardEvents.stepInvalid(failing.step))
      showErrors(failing.errors)
      return
    }
    if (editingQueued) {
      dispatch(wizardEvents.stepValidated())
      const saved = await queued.save(
        toSubmission(formik.values, user?.username),
        formik.values.photoId,
      )
      releaseFile(formik.values.photoId)
      if (saved) void message.success(intl.formatMessage({ id: 'queueEditSaved' }))
      else void message.error(intl.formatMessage({ id: 'queueEditGone' }))
      leaving.current = true
      navigate(QUEUE_PATH)
      return
    }
    // An offline session has no token: its registrations go to the device's queue.
    if (!localStorage.getItem(TOKEN_KEY) && !offlineSession) {
      dispatch(wizardEvents.submitFailed({ kind: 'noToken' }))
      return
    }
    await createMember({
      values: toSubmission(formik.values, user?.username),
      photoId: formik.values.photoId,
      household: family
        ? { id: family.household.id, name: family.household.name, role: family.role }
        : undefined,
    })
  }

  const busy = status === 'submitting' || status === 'succeeded'
  const onStepChange = useStableCallback((target: number) => {
    if (busy || target === step) return
    if (target < step) dispatch(wizardEvents.stepClicked(target))
    else void goAhead(target)
  })
  const onSubmit = useStableCallback(() => {
    if (busy) return
    if (step < LAST_STEP) void goAhead(step + 1)
    else void submit()
  })
  const onBack = useStableCallback(() => dispatch(wizardEvents.backRequested()))

  return (
    <div className="registration-page">
      <Typography.Title level={1} className="registration-title">
        {intl.formatMessage({ id: editingQueued ? 'queueEditTitle' : 'registration' })}
      </Typography.Title>
      {family && (
        <Notice
          type="info"
          role="status"
          titleId="familyRegistrationIntro"
          titleValues={{
            household: family.household.name,
            role: intl.formatMessage({ id: `option.household_role.${family.role}` }),
          }}
          className="registration-banner"
        />
      )}
      {queued.state.kind === 'loading' && <Spin className="registration-banner" />}
      {queued.state.kind === 'missing' && (
        <Notice
          type="warning"
          role="alert"
          titleId="queueEditGone"
          action={<Link to={QUEUE_PATH}>{intl.formatMessage({ id: 'queueTitle' })}</Link>}
          className="registration-banner"
        />
      )}
      {queued.state.kind === 'ready' && (
        <Notice
          type="info"
          role="status"
          titleId="queueEditIntro"
          description={
            queued.state.lastError &&
            intl.formatMessage({ id: 'queueRefused' }, { message: queued.state.lastError })
          }
          className="registration-banner"
        />
      )}
      <LeaveGuard when={editingQueued && formik.dirty} allow={leaving} />
      {draft.offer && (
        <DraftOffer draft={draft.offer} onAccept={draft.accept} onDiscard={draft.discard} />
      )}
      {status === 'succeeded' && savedOnDevice && (
        <Notice
          type="info"
          role="status"
          titleId="savedOnDevice"
          description={
            family &&
            intl.formatMessage(
              { id: 'familyJoinsWhenSent' },
              {
                household: family.household.name,
                role: intl.formatMessage({ id: `option.household_role.${family.role}` }),
              },
            )
          }
          className="registration-banner"
        />
      )}
      {!editingQueued && <QueueStorageNotice className="registration-banner" />}
      {!editingQueued &&
        !savedOnDevice &&
        (status === 'succeeded' || (status === 'editing' && created)) && (
          <RegistrationSuccess memberId={created?.id ?? null} />
        )}
      {status === 'failed' && failureText && (
        <Notice
          type="error"
          role="alert"
          titleId="errorRegisteringMember"
          description={failureText}
          closable={{ 'aria-label': intl.formatMessage({ id: 'close' }) }}
          onClose={() => dispatch(wizardEvents.errorDismissed())}
          className="registration-banner"
        />
      )}
      {(queued.state.kind === 'none' || queued.state.kind === 'ready') && (
        <Card className="registration-card" ref={formArea}>
          <WizardSteps step={step} busy={busy} vertical={isMobile} onChange={onStepChange} />
          <FormikProvider value={formik}>
            <WizardForm
              step={step}
              busy={busy}
              submitting={status === 'submitting'}
              resetCount={resetCount}
              username={user?.username ?? ''}
              stepHeading={stepHeading}
              submitLabelId={editingQueued ? 'queueEditSave' : 'submit'}
              onSubmit={onSubmit}
              onBack={onBack}
            />
          </FormikProvider>
        </Card>
      )}
    </div>
  )
}
