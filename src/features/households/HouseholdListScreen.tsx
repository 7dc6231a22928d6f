import { PlusOutlined, SearchOutlined } from '@ant-design/icons'
import { Button, Flex, Input, Segmented, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate } from 'react-router'
import type { HouseholdListItem } from '../../domain'
import { AdminScreen } from '../../shared/AdminScreen'
import { LoadError, RecordsView } from '../../shared/RecordsView'
import { useDebouncedText } from '../../shared/useDebouncedText'
import { useCanWrite, useRole } from '../auth'
import { HouseholdFormDialog } from './HouseholdFormDialog'
import { useHouseholdListInfiniteQuery } from './householdsApi'
import { headName, placeOf } from './householdText'
import './households.css'

type Row = HouseholdListItem & { owner_username?: string }

/**
 * /households: the households of the account (admins and auditors: of every account, when
 * asked), searched by household name, card number or any member's name; cards on a phone, a
 * table on a desktop, as the member list.
 */
export default function HouseholdListScreen() {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  const navigate = useNavigate()
  const canWrite = useCanWrite()
  const role = useRole()
  const [query, setQuery] = useState('')
  const [text, changeText] = useDebouncedText(query, setQuery, 300)
  const [owner, setOwner] = useState<'mine' | 'all'>('mine')
  const [creating, setCreating] = useState(false)
  const list = useHouseholdListInfiniteQuery({
    q: query,
    ...(role !== 'clerk' && owner === 'all' ? { owner: 'all' } : {}),
  })
  const rows: Row[] = list.data?.pages.flatMap((page) => page.items) ?? []

  const columns: ColumnsType<Row> = [
    {
      title: t('householdName'),
      key: 'name',
      render: (_, row) => <Link to={`/households/${row.id}`}>{row.name}</Link>,
    },
    { title: t('householdNumber'), dataIndex: 'number', render: (v: string | null) => v ?? '—' },
    { title: t('householdHead'), key: 'head', render: (_, row) => headName(row.head) },
    {
      title: t('householdMembers'),
      dataIndex: 'member_count',
      render: (n: number) => intl.formatNumber(n),
    },
    { title: t('address'), key: 'place', render: (_, row) => placeOf(row) },
    ...(owner === 'all'
      ? [{ title: t('columnOwner'), dataIndex: 'owner_username', render: (v?: string) => v ?? '' }]
      : []),
  ]

  const empty = query.trim() ? (
    <FormattedMessage id="householdsNoMatch" />
  ) : (
    <FormattedMessage id="householdsEmpty" />
  )

  return (
    <AdminScreen
      id="households-title"
      className="households-screen"
      titleId="households"
      action={
        canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setCreating(true)}
          >
            <FormattedMessage id="newHousehold" />
          </Button>
        )
      }
    >
      <Flex gap={8} wrap align="center" className="households-filters">
        <Input
          allowClear
          type="search"
          prefix={<SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => changeText(event.target.value)}
          placeholder={t('householdSearchPlaceholder')}
          aria-label={t('householdSearchPlaceholder')}
          className="households-search"
        />
        {role !== 'clerk' && (
          <Segmented
            value={owner}
            onChange={(value) => setOwner(value as 'mine' | 'all')}
            options={[
              { value: 'mine', label: t('householdsMine') },
              { value: 'all', label: t('householdsAll') },
            ]}
          />
        )}
      </Flex>
      {list.isError && (
        <LoadError title={t('householdsLoadFailed')} onRetry={() => void list.refetch()} />
      )}
      {!list.isError && (
        <RecordsView<Row>
          columns={columns}
          records={rows}
          loading={list.isLoading}
          label={t('households')}
          empty={empty}
          scrollX={760}
        />
      )}
      {list.hasNextPage && (
        <Flex justify="center" className="households-more">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            <FormattedMessage id="loadMoreHouseholds" />
          </Button>
        </Flex>
      )}
      {list.isFetching && !list.isLoading && !list.isFetchingNextPage && (
        <Typography.Text type="secondary" role="status">
          <FormattedMessage id="loading" />
        </Typography.Text>
      )}
      {creating && (
        <HouseholdFormDialog
          open
          onClose={() => setCreating(false)}
          onSaved={(household) => navigate(`/households/${household.id}`)}
        />
      )}
    </AdminScreen>
  )
}
