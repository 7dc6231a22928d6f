import { HomeOutlined } from '@ant-design/icons'
import { App, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate } from 'react-router'
import {
  fullName,
  householdAddressOf,
  householdNameLanguage,
  type Member,
  proposedHouseholdName,
} from '../../domain'
import { useAppSelector } from '../../app/hooks'
import { selectLanguage } from '../preferences'
import {
  useCreateHouseholdMutation,
  useGetHouseholdQuery,
  useSetHouseholdMemberMutation,
} from './householdsApi'
import { roleMessageId } from './householdText'
import { useIdempotencyKey } from '../../shared/clientKey'
import './households.css'

/**
 * The profile's family: the member's household, its role there and links to the others (the
 * spec's spouse_name, children_info and parent_guardian stay as text in their tab). A member in
 * no household can start one as its head, named after it and at its address.
 */
export function FamilySection({ member, canChange }: { member: Member; canChange: boolean }) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const householdId = member.household_id
  const household = useGetHouseholdQuery(householdId ?? 0, { skip: householdId === null })
  const language = useAppSelector(selectLanguage)
  const navigate = useNavigate()
  const { message } = App.useApp()
  const [create, creating] = useCreateHouseholdMutation()
  const creation = useIdempotencyKey()
  const [setRole, joining] = useSetHouseholdMemberMutation()

  // The key stays until the member heads the household: a retry after a lost answer, or after
  // the head could not be set, is answered with the same household, never a second one.
  const startHousehold = async () => {
    try {
      const created = await create({
        input: {
          name: proposedHouseholdName(member, householdNameLanguage(member.first_name, language)),
          ...householdAddressOf(member),
        },
        idempotencyKey: creation.key,
      })
        .unwrap()
        .catch((error: unknown) => {
          creation.settle(error)
          throw error
        })
      await setRole({ householdId: created.id, memberId: member.id, role: 'head' }).unwrap()
      creation.settle()
      navigate(`/households/${created.id}`)
    } catch {
      void message.error(t('householdSaveFailed'))
    }
  }

  const title = (
    <Flex gap={8} align="center">
      <HomeOutlined aria-hidden />
      <FormattedMessage id="household" />
    </Flex>
  )
  if (householdId === null) {
    return (
      <Card className="family-section" title={title} size="small">
        <Flex gap={12} align="center" wrap justify="space-between">
          <Typography.Text type="secondary">
            <FormattedMessage id="notInHousehold" />
          </Typography.Text>
          {canChange && (
            <Button
              onClick={() => void startHousehold()}
              loading={creating.isLoading || joining.isLoading}
            >
              <FormattedMessage id="startHousehold" />
            </Button>
          )}
        </Flex>
      </Card>
    )
  }
  const data = household.data
  return (
    <Card className="family-section" title={title} size="small">
      {!data && !household.isError && <Skeleton active paragraph={{ rows: 2 }} />}
      {household.isError && (
        <Typography.Text type="danger">
          <FormattedMessage id="householdLoadFailed" />
        </Typography.Text>
      )}
      {data && (
        <Flex vertical gap={8}>
          <div>
            <Link to={`/households/${data.id}`}>
              <strong>{data.name}</strong>
            </Link>{' '}
            {member.household_role && <Tag>{t(roleMessageId(member.household_role))}</Tag>}
          </div>
          <ul className="family-section-members" aria-label={t('householdMembers')}>
            {data.members
              .filter((other) => other.id !== member.id)
              .map((other) => (
                <li key={other.id}>
                  <Link to={`/member/${other.id}`}>{fullName(other)}</Link>{' '}
                  <Typography.Text type="secondary">
                    ({t(roleMessageId(other.household_role))})
                  </Typography.Text>
                </li>
              ))}
          </ul>
        </Flex>
      )}
    </Card>
  )
}
