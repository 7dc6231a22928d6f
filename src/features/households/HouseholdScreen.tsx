import {
  DeleteOutlined,
  EditOutlined,
  LinkOutlined,
  SwapOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons'
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Dropdown,
  Empty,
  Flex,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate, useParams } from 'react-router'
import {
  ageOn,
  fullName,
  type Household,
  type HouseholdMember,
  HOUSEHOLD_ROLES,
  type HouseholdRole,
  todayIso,
} from '../../domain'
import { errorStatus, translatedErrorId } from '../../app/api'
import { useAppDispatch } from '../../app/hooks'
import { useCanWrite } from '../auth'
import { HouseholdDues, usePaymentsQuery } from '../dues'
import { MemberDate } from '../memberForm'
import { photoUrl } from '../members'
import { TransferDialog, transferOpened } from '../transfer'
import { HouseholdFormDialog } from './HouseholdFormDialog'
import { LinkMemberDialog, MoveMemberDialog } from './MembershipDialogs'
import {
  useDeleteHouseholdMutation,
  useGetHouseholdQuery,
  useRemoveHouseholdMemberMutation,
  useSetHouseholdMemberMutation,
} from './householdsApi'
import { membershipRefusalId, roleMessageId, statusMessageId } from './householdText'
import '../../shared/adminScreen.css'
import './households.css'

/** The registration wizard, opened for a new member of this household in this role. */
export const familyRegistrationPath = (householdId: number, role: HouseholdRole) =>
  `/registration?household=${householdId}&role=${role}`

/** /households/:id: the household, its address and its members, each with role, photo and age. */
export default function HouseholdScreen() {
  const params = useParams()
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : 0
  const household = useGetHouseholdQuery(id, { skip: id === 0 })
  const intl = useIntl()
  if (id === 0 || (household.isError && errorStatus(household.error) === 404)) {
    return (
      <Empty description={<FormattedMessage id="householdNotFound" />}>
        <Link to="/households">
          <FormattedMessage id="backToHouseholds" />
        </Link>
      </Empty>
    )
  }
  if (household.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={intl.formatMessage({ id: 'householdLoadFailed' })}
        action={
          <Button size="small" onClick={() => void household.refetch()}>
            <FormattedMessage id="retry" />
          </Button>
        }
      />
    )
  }
  if (!household.data) return <Skeleton active aria-label={intl.formatMessage({ id: 'loading' })} />
  return <HouseholdPage household={household.data} />
}

function HouseholdPage({ household }: { household: Household }) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const navigate = useNavigate()
  const { modal, message } = App.useApp()
  // Only the owner changes a household (an admin reads another account's: owner_username).
  const canWrite = useCanWrite()
  const canEdit = canWrite && household.owner_username === undefined
  const [editing, setEditing] = useState(false)
  const [linking, setLinking] = useState(false)
  const [moving, setMoving] = useState<HouseholdMember | null>(null)
  const [setRole] = useSetHouseholdMemberMutation()
  const [remove] = useRemoveHouseholdMemberMutation()
  const [deleteHousehold] = useDeleteHouseholdMutation()
  // A deleted household's payments stay (receipt numbers are for good), but then only an admin
  // opens them: the confirmation says so when there are any.
  const payments = usePaymentsQuery({ householdId: household.id }, { skip: !canEdit })
  const hasPayments = (payments.data?.items.length ?? 0) > 0
  const dispatch = useAppDispatch()
  const today = todayIso()

  const changeRole = async (member: HouseholdMember, role: HouseholdRole) => {
    try {
      await setRole({ householdId: household.id, memberId: member.id, role }).unwrap()
    } catch (error) {
      void message.error(t(membershipRefusalId(error)))
    }
  }

  /** A refused or lost household change: the translated reason, else what failed. */
  const failed = (error: unknown, fallbackId: string) =>
    void message.error(t(translatedErrorId(error) ?? fallbackId))

  const confirmRemove = (member: HouseholdMember) =>
    modal.confirm({
      title: t('removeFromHousehold'),
      content: t('removeFromHouseholdConfirm', {
        name: fullName(member),
        household: household.name,
      }),
      okText: t('removeFromHousehold'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove({ householdId: household.id, memberId: member.id }).unwrap()
        } catch (error) {
          // A 404 is the member out of this household already (a retry whose answer was lost, or
          // another change): the mutation's tags refetch the household, which shows it as it is.
          if (errorStatus(error) !== 404) failed(error, 'removeFromHouseholdFailed')
          return
        }
        void message.success(t('removedFromHousehold', { name: fullName(member) }))
      },
    })

  const confirmDelete = () =>
    modal.confirm({
      title: t('deleteHousehold'),
      content: (
        <>
          <p>{t('deleteHouseholdConfirm', { household: household.name })}</p>
          {hasPayments && <p>{t('deleteHouseholdPaymentsStay')}</p>}
        </>
      ),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await deleteHousehold(household.id).unwrap()
        } catch (error) {
          // A 404 is the household deleted already, most likely by this press's own earlier try
          // whose answer was lost: done, as wanted.
          if (errorStatus(error) !== 404) {
            failed(error, 'householdDeleteFailed')
            return
          }
        }
        void message.success(t('householdDeleted', { household: household.name }))
        navigate('/households')
      },
    })

  const head = household.members.find((member) => member.household_role === 'head')
  const addRoles = HOUSEHOLD_ROLES.filter((role) => role !== 'head' || !head)
  // The transfer dialog follows one member: the head, else the first (a file without roles).
  // A household with no members goes by minus its id, which no member has: the server moves
  // the household row (its owner) all the same.
  const keyMember = head ?? household.members[0]
  const transferKey = keyMember?.id ?? -household.id
  const transferred = (username: string) => {
    void message.success(
      t('householdTransferred', {
        household: household.name,
        username,
        count: household.members.length,
      }),
    )
    navigate('/households')
  }
  const address: [string, string | null][] = [
    ['state', household.state],
    ['city', household.city],
    ['subCity', household.sub_city],
    ['woreda', household.woreda],
    ['kebele', household.kebele],
    ['houseNumber', household.house_number],
    ['streetAddress', household.street_address],
    ['zipCode', household.zip_code],
    ['homePhone', household.home_phone],
  ]

  const details = [
    ...address
      .filter(([, value]) => value)
      .map(([label, value]) => ({ key: label, label: t(label), children: value })),
    ...(household.wedding_date
      ? [
          {
            key: 'wedding',
            label: t('weddingDate'),
            children: <MemberDate value={household.wedding_date} />,
          },
        ]
      : []),
    ...(household.notes
      ? [{ key: 'notes', label: t('householdNotes'), children: household.notes }]
      : []),
  ]

  return (
    // The list's page frame (its margins and width), so the two screens line up.
    <section className="admin-screen household-screen" aria-labelledby="household-title">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex vertical gap={2}>
          <Typography.Title level={2} id="household-title" style={{ margin: 0 }}>
            {household.name}
          </Typography.Title>
          <Flex gap={6} wrap align="center">
            {household.number && (
              <Typography.Text type="secondary">
                {t('householdNumberShown', { number: household.number })}
              </Typography.Text>
            )}
            <Tag>{t(statusMessageId(household.status))}</Tag>
            {household.owner_username && (
              <Tag>{t('ownerNamed', { name: household.owner_username })}</Tag>
            )}
          </Flex>
        </Flex>
        {canWrite && (
          <Flex gap={8} wrap className="household-actions">
            {canEdit && (
              <>
                <Dropdown
                  menu={{
                    items: addRoles.map((role) => ({ key: role, label: t(roleMessageId(role)) })),
                    onClick: ({ key }) =>
                      navigate(familyRegistrationPath(household.id, key as HouseholdRole)),
                  }}
                >
                  <Button type="primary" icon={<UserAddOutlined aria-hidden />}>
                    <FormattedMessage id="addFamilyMember" />
                  </Button>
                </Dropdown>
                <Button icon={<LinkOutlined aria-hidden />} onClick={() => setLinking(true)}>
                  <FormattedMessage id="linkMember" />
                </Button>
                <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                  <FormattedMessage id="edit" />
                </Button>
              </>
            )}
            <Button
              icon={<SwapOutlined aria-hidden />}
              onClick={() =>
                dispatch(
                  transferOpened({
                    memberId: transferKey,
                    memberName: keyMember ? fullName(keyMember) : household.name,
                  }),
                )
              }
            >
              <FormattedMessage id="transferHousehold" />
            </Button>
            {canEdit && (
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmDelete}>
                <FormattedMessage id="deleteHousehold" />
              </Button>
            )}
          </Flex>
        )}
      </Flex>

      <Typography.Title level={3}>
        <FormattedMessage id="householdMembers" />
      </Typography.Title>
      {household.members.length === 0 ? (
        <Empty description={<FormattedMessage id="householdNoMembers" />} />
      ) : (
        <ul className="household-members" aria-label={t('householdMembers')}>
          {household.members.map((member) => {
            const age = member.date_of_birth ? ageOn(member.date_of_birth, today) : undefined
            const name = fullName(member)
            return (
              <li key={member.id} style={{ listStyle: 'none' }}>
                <Card size="small" className="household-member-card">
                  <img
                    src={
                      photoUrl(member.thumbnail_path ?? member.photo_path) ?? '/default-avatar.png'
                    }
                    alt={t('photoOf', { name })}
                    width={56}
                    height={56}
                    loading="lazy"
                    style={{ borderRadius: '50%', objectFit: 'cover' }}
                  />
                  <div className="household-member-text">
                    <Link to={`/member/${member.id}`}>
                      <strong>{name}</strong>
                    </Link>
                    <div>
                      <Tag color={member.household_role === 'head' ? 'gold' : undefined}>
                        {t(roleMessageId(member.household_role))}
                      </Tag>
                      {age !== undefined && (
                        <Typography.Text type="secondary">{t('ageYears', { age })}</Typography.Text>
                      )}
                    </div>
                    {canEdit && (
                      <Flex gap={4} wrap style={{ marginTop: 8 }}>
                        <Select
                          size="small"
                          value={member.household_role}
                          aria-label={t('householdRoleOf', { name })}
                          onChange={(role: HouseholdRole) => void changeRole(member, role)}
                          options={HOUSEHOLD_ROLES.map((role) => ({
                            value: role,
                            label: t(roleMessageId(role)),
                          }))}
                          style={{ minWidth: 130 }}
                        />
                        <Button
                          size="small"
                          icon={<SwapOutlined aria-hidden />}
                          onClick={() => setMoving(member)}
                          aria-label={t('moveMemberNamed', { name })}
                        >
                          <FormattedMessage id="moveMember" />
                        </Button>
                        <Button
                          size="small"
                          icon={<UserDeleteOutlined aria-hidden />}
                          onClick={() => confirmRemove(member)}
                          aria-label={t('removeFromHouseholdNamed', { name })}
                        >
                          <FormattedMessage id="removeFromHousehold" />
                        </Button>
                      </Flex>
                    )}
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      )}

      <Typography.Title level={3}>
        <FormattedMessage id="address" />
      </Typography.Title>
      {details.length === 0 ? (
        <Typography.Paragraph type="secondary">
          <FormattedMessage id="householdNoAddress" />
        </Typography.Paragraph>
      ) : (
        <Descriptions
          className="household-address"
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={details}
        />
      )}

      <HouseholdDues householdId={household.id} />

      {canWrite && (
        <TransferDialog
          memberId={transferKey}
          household={{
            name: household.name,
            memberCount: household.members.length,
            whole: { householdId: household.id, onTransferred: transferred },
          }}
        />
      )}
      {editing && (
        <HouseholdFormDialog open household={household} onClose={() => setEditing(false)} />
      )}
      {linking && <LinkMemberDialog household={household} onClose={() => setLinking(false)} />}
      {moving && (
        <MoveMemberDialog household={household} member={moving} onClose={() => setMoving(null)} />
      )}
    </section>
  )
}
