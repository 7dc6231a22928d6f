import { Alert, Button, Flex } from 'antd'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { Notice } from '../../shared/Notice'
import { useTextParts } from '../../shared/useTextParts'
import type { RegistrationDraft } from './registrationDraft'

/** "Continue the registration you started?" after the same account signs in again (issue 28). */
export function DraftOffer({
  draft,
  onAccept,
  onDiscard,
}: {
  draft: RegistrationDraft
  onAccept: () => void
  onDiscard: () => void
}) {
  const intl = useIntl()
  const { clock } = useTextParts()
  const saved = draft.savedAt ? new Date(draft.savedAt) : null
  return (
    <Alert
      type="info"
      showIcon
      role="region"
      aria-label={intl.formatMessage({ id: 'draftOfferTitle' })}
      className="registration-banner"
      title={intl.formatMessage({ id: 'draftOfferTitle' })}
      description={
        <>
          {saved && !Number.isNaN(saved.getTime()) && (
            <p className="registration-draft-when">
              {intl.formatMessage(
                { id: 'draftOfferSaved' },
                {
                  time: clock(
                    intl.formatTime(saved, {
                      hour: '2-digit',
                      minute: '2-digit',
                      hourCycle: 'h23',
                    }),
                  ),
                  step: draft.step + 1,
                },
              )}
            </p>
          )}
          <Flex gap={8} wrap>
            <Button type="primary" onClick={onAccept}>
              {intl.formatMessage({ id: 'draftContinue' })}
            </Button>
            <Button onClick={onDiscard}>{intl.formatMessage({ id: 'draftDiscard' })}</Button>
          </Flex>
        </>
      }
    />
  )
}

/** Spec 4.5's success banner, with the way to the new member kept until the next starts. */
export function RegistrationSuccess({ memberId }: { memberId: number | null }) {
  const intl = useIntl()
  return (
    <Notice
      type="success"
      role="status"
      titleId="registrationSuccessful"
      description={
        memberId !== null && (
          <Flex gap={16} wrap className="registration-success-links">
            <Link to={`/member/${memberId}`}>{intl.formatMessage({ id: 'openProfile' })}</Link>
            <Link to={`/member/idcard/${memberId}`}>
              {intl.formatMessage({ id: 'idCardLink' })}
            </Link>
          </Flex>
        )
      }
      className="registration-banner"
    />
  )
}
