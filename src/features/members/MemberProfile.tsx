import { Alert, Col, Form, Row } from 'antd'
import { Formik, type FormikHelpers } from 'formik'
import { useMemo, useReducer, useState } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '../../app/hooks'
import { fullName, type Member } from '../../domain'
import { registerFile, releaseFile } from '../../shared/fileRegistry'
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
import { initialProfileState, profileReducer } from './profileMachine'
import { ProfilePhotoCard } from './ProfilePhotoCard'
import { ProfileSummaryCard } from './ProfileSummaryCard'
import { ProfileTabs } from './ProfileTabs'

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

/** Spec 2.7 for a loaded member: view mode, edit mode with Save and Cancel, transfer, delete. */
export function MemberProfile({ member, onReload }: { member: Member; onReload: () => void }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const [state, send] = useReducer(profileReducer, initialProfileState)
  const [photo, setPhoto] = useState<File | null>(null)
  const [updateMember] = useUpdateMemberMutation()
  const initialValues = useMemo(() => toProfileValues(member), [member])
  const editing = state.mode !== 'view'
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

  return (
    <>
      <Formik<ProfileValues>
        initialValues={initialValues}
        enableReinitialize
        validate={validateProfile}
        validateOnChange={false}
        onSubmit={save}
      >
        {(formik) => (
          <form onSubmit={formik.handleSubmit} noValidate aria-label={name}>
            <Form layout="vertical" component={false}>
              <ProfileHeader
                mode={state.mode}
                onBack={() =>
                  navigate('/members', state.saved ? { state: { memberUpdated: true } } : undefined)
                }
                onTransfer={() =>
                  dispatch(transferOpened({ memberId: member.id, memberName: name }))
                }
                onIdCard={() => navigate(`/member/idcard/${member.id}`)}
                onEdit={() => send('editRequested')}
                onCancel={() => {
                  send('cancelled')
                  setPhoto(null)
                  formik.resetForm()
                  onReload()
                }}
              />
              {state.saveStatus === 'success' && (
                <Alert
                  type="success"
                  showIcon
                  closable
                  className="profile-alert"
                  title={intl.formatMessage({ id: 'saveSuccess' })}
                />
              )}
              {state.saveStatus === 'error' && (
                <Alert
                  type="error"
                  showIcon
                  className="profile-alert"
                  title={intl.formatMessage({ id: 'saveError' })}
                />
              )}
              <Row gutter={[16, 16]} className="profile-cards">
                <Col xs={24} md={8} lg={7}>
                  <ProfilePhotoCard
                    photoPath={member.photo_path}
                    editing={editing}
                    picked={photo}
                    onPick={setPhoto}
                    alt={intl.formatMessage({ id: 'photoOf' }, { name })}
                  />
                </Col>
                <Col xs={24} md={16} lg={17}>
                  <ProfileSummaryCard member={member} editing={editing} />
                </Col>
                <Col span={24}>
                  <ProfileTabs member={member} editing={editing} />
                </Col>
                {!editing && (
                  <Col span={24}>
                    <DangerZone memberId={member.id} memberName={name} />
                  </Col>
                )}
              </Row>
            </Form>
          </form>
        )}
      </Formik>
      {/* Outside the form: React bubbles the dialog's submit events through its portal. */}
      <TransferDialog memberId={member.id} />
    </>
  )
}
