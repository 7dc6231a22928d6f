import { Col, Form, Row } from 'antd'
import { Formik, type FormikHelpers } from 'formik'
import { type FormEvent, memo, useMemo, useReducer, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { translatedErrorId } from '../../app/api'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { fullName, type Member } from '../../domain'
import { registerFile, releaseFile } from '../../shared/fileRegistry'
import { FocusFirstErrorOnSubmit } from '../../shared/focusFirstError'
import { LeaveGuard, useGuardedNavigate } from '../../shared/LeaveGuard'
import { Notice } from '../../shared/Notice'
import { useStableCallback } from '../../shared/useStableCallback'
import { MemberHistory } from '../history'
import { FamilySection, useHeadedHousehold } from '../households'
import { TransferDialog, transferOpened } from '../transfer'
import { DangerZone } from './DangerZone'
import { useUpdateMemberMutation } from './membersApi'
import {
  fromProfileValues,
  toProfileValues,
  validateProfile,
  type ProfileValues,
} from './profileForm'
import { ProfileHeader } from './ProfileHeader'
import { initialProfileState, profileReducer, type ProfileState } from './profileMachine'
import { ProfilePhotoCard } from './ProfilePhotoCard'
import { ProfileSummaryCard } from './ProfileSummaryCard'
import { ProfileTabs } from './ProfileTabs'
import { selectIsOfflineSession, useCanChangeMember } from '../auth'

/** The field errors of a 400 (message ids from the shared schema), if the server sent any. */
function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined
  const data = (error as { data?: { errors?: unknown } }).data
  const errors = data?.errors
  if (!errors || typeof errors !== 'object') return undefined
  return Object.fromEntries(
    Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}

/**
 * The profile's form and cards. Memoised, with stable handlers: Formik renders its child on
 * every key pressed in a field, and only the fields (which read their own part of the form,
 * memberForm/formikFields.tsx) need to follow.
 */
const ProfileForm = memo(function ProfileForm({
  member,
  name,
  mode,
  saveStatus,
  saveErrorId,
  photo,
  onPick,
  onSubmit,
  resetForm,
  onBack,
  onTransfer,
  onIdCard,
  onEdit,
  onCancel,
}: {
  member: Member
  name: string
  mode: ProfileState['mode']
  saveStatus: ProfileState['saveStatus']
  /** What a failed save says: the general message, or a refusal's own (503). */
  saveErrorId: string
  photo: File | null
  onPick: (file: File | null) => void
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
  resetForm: () => void
  onBack: () => void
  onTransfer: () => void
  onIdCard: () => void
  onEdit: () => void
  onCancel: () => void
}) {
  const intl = useIntl()
  const editing = mode !== 'view'
  const canChange = useCanChangeMember(member.owner_user_id)
  // Offline: the device's copy, without the parts only the server has (family, history).
  const offline = useAppSelector(selectIsOfflineSession)
  const formRef = useRef<HTMLFormElement>(null)
  return (
    <form onSubmit={onSubmit} noValidate aria-label={name} ref={formRef}>
      <FocusFirstErrorOnSubmit root={formRef} />
      <Form layout="vertical" component={false}>
        <ProfileHeader
          mode={mode}
          ownerId={member.owner_user_id}
          onBack={onBack}
          onTransfer={onTransfer}
          onIdCard={onIdCard}
          onEdit={onEdit}
          onCancel={() => {
            resetForm()
            onCancel()
          }}
        />
        {offline && <Notice type="info" className="profile-alert" titleId="profileFromDevice" />}
        {saveStatus === 'success' && (
          <Notice type="success" closable className="profile-alert" titleId="saveSuccess" />
        )}
        {saveStatus === 'error' && (
          <Notice type="error" className="profile-alert" titleId={saveErrorId} />
        )}
        <Row gutter={[16, 16]} className="profile-cards">
          <Col xs={24} md={8} lg={7}>
            <ProfilePhotoCard
              photoPath={member.photo_path}
              editing={editing}
              picked={photo}
              onPick={onPick}
              alt={intl.formatMessage({ id: 'photoOf' }, { name })}
            />
          </Col>
          <Col xs={24} md={16} lg={17}>
            <ProfileSummaryCard member={member} editing={editing} />
          </Col>
          <Col span={24}>
            <ProfileTabs member={member} editing={editing} />
          </Col>
          {!editing && !offline && (
            <Col span={24}>
              <FamilySection member={member} canChange={canChange} />
            </Col>
          )}
          {!editing && !offline && (
            <Col span={24}>
              <MemberHistory memberId={member.id} />
            </Col>
          )}
          {!editing && canChange && (
            <Col span={24}>
              <DangerZone memberId={member.id} memberName={name} />
            </Col>
          )}
        </Row>
      </Form>
    </form>
  )
})

/** Spec 2.7 for a loaded member: view mode, edit mode with Save and Cancel, transfer, delete. */
export function MemberProfile({ member, onReload }: { member: Member; onReload: () => void }) {
  // Back and the other ways out ask first while an edit has changes (LeaveGuard, issue 42).
  const navigate = useGuardedNavigate()
  const dispatch = useAppDispatch()
  const [state, send] = useReducer(profileReducer, initialProfileState)
  const [photo, setPhoto] = useState<File | null>(null)
  const [updateMember] = useUpdateMemberMutation()
  const headed = useHeadedHousehold(member)
  const [saveErrorId, setSaveErrorId] = useState('saveError')
  const initialValues = useMemo(() => toProfileValues(member), [member])
  const name = fullName(member)

  const save = async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
    send('saveRequested')
    // The File stays out of the store: the mutation carries only its registry id.
    const photoId = photo ? registerFile(photo) : null
    try {
      await updateMember({ id: member.id, values: fromProfileValues(values), photoId }).unwrap()
      setPhoto(null)
      send('saveSucceeded')
    } catch (error) {
      setSaveErrorId(translatedErrorId(error) ?? 'saveError')
      send('saveFailed')
      const fieldErrors = serverFieldErrors(error)
      if (fieldErrors) {
        helpers.setErrors(fieldErrors)
        void helpers.setTouched(
          Object.fromEntries(Object.keys(fieldErrors).map((field) => [field, true])),
          false,
        )
      }
    } finally {
      releaseFile(photoId)
    }
  }

  const onBack = useStableCallback(() =>
    navigate('/members', state.saved ? { state: { memberUpdated: true } } : undefined),
  )
  const onTransfer = useStableCallback(() =>
    dispatch(transferOpened({ memberId: member.id, memberName: name })),
  )
  const onIdCard = useStableCallback(() => navigate(`/member/idcard/${member.id}`))
  const onEdit = useStableCallback(() => send('editRequested'))
  const onCancel = useStableCallback(() => {
    send('cancelled')
    setPhoto(null)
    onReload()
  })

  return (
    <>
      <Formik<ProfileValues>
        initialValues={initialValues}
        enableReinitialize
        validate={(values) => validateProfile(values, initialValues)}
        validateOnChange={false}
        onSubmit={save}
      >
        {(formik) => (
          <>
            <LeaveGuard when={state.mode !== 'view' && (formik.dirty || photo !== null)} />
            <ProfileForm
              member={member}
              name={name}
              mode={state.mode}
              saveStatus={state.saveStatus}
              saveErrorId={saveErrorId}
              photo={photo}
              onPick={setPhoto}
              onSubmit={formik.handleSubmit}
              resetForm={formik.resetForm}
              onBack={onBack}
              onTransfer={onTransfer}
              onIdCard={onIdCard}
              onEdit={onEdit}
              onCancel={onCancel}
            />
          </>
        )}
      </Formik>
      {/* Outside the form: React bubbles the dialog's submit events through its portal. */}
      <TransferDialog memberId={member.id} household={headed} />
    </>
  )
}
