import { App, Button, Space } from 'antd'
import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { errorStatus } from '../../app/api'
import { useAppDispatch } from '../../app/hooks'
import type { Household, HouseholdRole } from '../../domain'
import { placeInHousehold } from './householdsApi'
import { membershipRefusalId } from './householdText'

/** A member just registered from a household's page, to be put in it. */
export interface NewMember {
  id: number
  name: string
}

interface PlacementFailure {
  /** A 404 for a member just made: the household was deleted meanwhile. */
  householdGone: boolean
  /** No answer or a 5xx: the same placement may be asked again as it is. */
  retryable: boolean
  /** Why, in the user's language (none when the household is gone: the text says so). */
  reasonId: string | null
}

/**
 * Why a placement did not happen. Asking it again is safe: the server answers a placement
 * already made with 200 and records nothing (docs/api.md).
 */
function placementFailureOf(error: unknown): PlacementFailure {
  const status = errorStatus(error)
  if (status === 404) return { householdGone: true, retryable: false, reasonId: null }
  if (typeof status !== 'number') {
    return { householdGone: false, retryable: true, reasonId: 'familyLinkUnreachable' }
  }
  return {
    householdGone: false,
    retryable: status === 408 || status === 429 || status >= 500,
    reasonId: membershipRefusalId(error),
  }
}

interface PlacementActionsProps {
  failure: PlacementFailure
  retrying: boolean
  labels: { retry: string; household: string; profile: string }
  onRetry: () => void
  onOpenHousehold: () => void
  onOpenProfile: () => void
}

/** The notice's buttons; the main one takes the focus, as the clerk's submit led here. */
function PlacementActions({
  failure,
  retrying,
  labels,
  onRetry,
  onOpenHousehold,
  onOpenProfile,
}: PlacementActionsProps) {
  const buttons = [
    { id: 'profile', label: labels.profile, onClick: onOpenProfile },
    // A deleted household's page would only say it is not there.
    ...(failure.householdGone
      ? []
      : [{ id: 'household', label: labels.household, onClick: onOpenHousehold }]),
    ...(failure.retryable ? [{ id: 'retry', label: labels.retry, onClick: onRetry }] : []),
  ]
  const main = buttons[buttons.length - 1].id
  const mainButton = useRef<HTMLButtonElement>(null)
  useEffect(() => mainButton.current?.focus(), [main])
  return (
    <Space wrap>
      {buttons.map(({ id, label, onClick }) => (
        <Button
          key={id}
          type={id === main ? 'primary' : 'default'}
          size="small"
          ref={id === main ? mainButton : undefined}
          loading={id === 'retry' && retrying}
          onClick={onClick}
        >
          {label}
        </Button>
      ))}
    </Space>
  )
}

/** A registered member left out of its household, as a notice that outlives the page shows it. */
export interface NotAddedMember {
  memberId: number
  name: string
  householdId: number
  household: string
  householdGone?: boolean
  registeredOnline: true
}

/**
 * Keeps a not-added member beyond this page (the app gives the offline queue's kept notices,
 * which a reload shows again) until its notice is closed or the member is placed.
 */
export interface NotAddedKeeper {
  keep: (member: NotAddedMember) => void
  forget: (member: NotAddedMember) => void
}

/**
 * Puts a member registered from a household's page into it in `role`, then opens the household.
 * When that fails, a notice says so until the clerk acts (the offline queue's not-added notice,
 * worded for a registration made online): why, Try again when no refusal was heard, and the way
 * to the household and the member. `onNoticeClosed` is called when the clerk closes it.
 */
export function usePlaceNewMember(keeper?: NotAddedKeeper) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { message, notification } = App.useApp()

  return (
    { household, role, member }: { household: Household; role: HouseholdRole; member: NewMember },
    onNoticeClosed: () => void,
  ) => {
    const key = `placement-${member.id}`
    const notAdded = (failure?: PlacementFailure): NotAddedMember => ({
      memberId: member.id,
      name: member.name,
      householdId: household.id,
      household: household.name,
      ...(failure?.householdGone && { householdGone: true }),
      registeredOnline: true,
    })
    const closed = () => {
      keeper?.forget(notAdded())
      onNoticeClosed()
    }
    const text = (id: string) =>
      intl.formatMessage({ id }, { name: member.name, household: household.name })
    const labels = {
      retry: text('retry'),
      household: text('familyOpenHousehold'),
      profile: text('openProfile'),
    }

    const show = (failure: PlacementFailure, retrying: boolean) => {
      notification.warning({
        key,
        title: text('familyPlacementFailedTitle'),
        description: (
          <>
            <div>
              {text(failure.householdGone ? 'familyLinkHouseholdGone' : 'familyLinkFailed')}
            </div>
            {failure.reasonId && <div>{text(failure.reasonId)}</div>}
          </>
        ),
        duration: 0,
        onClose: closed,
        actions: (
          <PlacementActions
            failure={failure}
            retrying={retrying}
            labels={labels}
            onRetry={() => {
              if (retrying) return
              show(failure, true)
              void attempt()
            }}
            onOpenHousehold={() => {
              notification.destroy(key)
              closed()
              void navigate(`/households/${household.id}`)
            }}
            // The notice stays: the household is still a press away.
            onOpenProfile={() => void navigate(`/member/${member.id}`)}
          />
        ),
      })
    }

    const attempt = async () => {
      const placed = await dispatch(
        placeInHousehold({ householdId: household.id, memberId: member.id, role }),
      )
      if ('error' in placed) {
        const failure = placementFailureOf(placed.error)
        // A reload must not hide a member left out: kept until the notice is closed.
        keeper?.keep(notAdded(failure))
        show(failure, false)
        return
      }
      keeper?.forget(notAdded())
      notification.destroy(key)
      void message.success(text('familyMemberAdded'))
      void navigate(`/households/${household.id}`)
    }

    void attempt()
  }
}
