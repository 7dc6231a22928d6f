import { MailOutlined, PhoneOutlined } from '@ant-design/icons'
import { Card, Col, Descriptions, Flex, Row, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import {
  ageOn,
  fullName,
  parseJobValue,
  readListValue,
  splitCommaList,
  todayIso,
  type Member,
} from '../../domain'
import { FormikLatinNameField, FormikTextField, useOptionLabel } from '../memberForm'
import { useMemberText } from './memberDisplay'
import { useTextParts } from '../../shared/useTextParts'

/** The job text with known jobs in the interface language and custom entries as typed. */
export function useJobText() {
  const optionLabel = useOptionLabel()
  const text = useTextParts()
  return (job: string | null) => {
    const { selectedJobs, customJob } = parseJobValue(job)
    const known = selectedJobs.filter((key) => key !== 'other').map((k) => optionLabel('job', k))
    return text.list([...known, ...splitCommaList(customJob)])
  }
}

/** An e-mail address or phone number as a link that writes or calls; `missing` when there is none. */
const contactLink = (
  scheme: 'mailto' | 'tel',
  value: string | null,
  icon: ReactNode,
  missing: string,
) =>
  value ? (
    <a href={`${scheme}:${value}`}>
      {icon} {value}
    </a>
  ) : (
    missing
  )

/** Spec 2.7 right card: the name, and in view mode the summary. */
export function ProfileSummaryCard({ member, editing }: { member: Member; editing: boolean }) {
  const intl = useIntl()
  const text = useMemberText()
  const optionLabel = useOptionLabel()
  const jobText = useJobText()
  const notSpecified = intl.formatMessage({ id: 'notSpecified' })

  if (editing) {
    return (
      <Card className="profile-summary-card">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <FormikTextField name="first_name" required autoComplete="off" />
          </Col>
          <Col xs={24} md={8}>
            <FormikTextField name="middle_name" required autoComplete="off" />
          </Col>
          <Col xs={24} md={8}>
            <FormikTextField name="last_name" required autoComplete="off" />
          </Col>
          <Col xs={24}>
            <FormikLatinNameField />
          </Col>
        </Row>
      </Card>
    )
  }

  const age = member.date_of_birth
    ? ageOn(member.date_of_birth.slice(0, 10), todayIso())
    : undefined
  const ministries = readListValue(member.current_ministries)
  const items = [
    {
      key: 'gender',
      label: intl.formatMessage({ id: 'gender' }),
      children: text.gender(member.gender),
    },
    ...(age !== undefined
      ? [
          {
            key: 'age',
            label: intl.formatMessage({ id: 'age' }),
            children: intl.formatMessage({ id: 'ageYears' }, { age }),
          },
        ]
      : []),
    {
      key: 'marital',
      label: intl.formatMessage({ id: 'maritalStatus' }),
      children: member.marital_status
        ? optionLabel('marital_status', member.marital_status)
        : notSpecified,
    },
    {
      key: 'email',
      label: intl.formatMessage({ id: 'email' }),
      children: contactLink('mailto', member.email, <MailOutlined aria-hidden />, text.email(null)),
    },
    {
      key: 'phone',
      label: intl.formatMessage({ id: 'phonePrimary' }),
      children: contactLink(
        'tel',
        member.phone_primary,
        <PhoneOutlined aria-hidden />,
        text.phone(null),
      ),
    },
    ...(member.christian_name
      ? [
          {
            key: 'christianName',
            label: intl.formatMessage({ id: 'christianName' }),
            children: member.christian_name,
          },
        ]
      : []),
    {
      key: 'nationality',
      label: intl.formatMessage({ id: 'nationality' }),
      children: member.nationality ? optionLabel('nationality', member.nationality) : notSpecified,
    },
    {
      key: 'job',
      label: intl.formatMessage({ id: 'job' }),
      children: jobText(member.job) || notSpecified,
    },
  ]

  return (
    <Card className="profile-summary-card">
      <Flex align="center" gap={10} wrap>
        <Typography.Title level={1} className="profile-name">
          {fullName(member)}
        </Typography.Title>
        <Tag color={member.membership_status ? 'blue' : 'default'}>
          {text.status(member.membership_status)}
        </Tag>
      </Flex>
      {member.latin_name && (
        <Typography.Paragraph type="secondary" className="profile-latin-name" lang="en">
          {member.latin_name}
        </Typography.Paragraph>
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
      {ministries.length > 0 && (
        <div className="profile-ministries">
          <Typography.Text type="secondary">
            {intl.formatMessage({ id: 'currentMinistries' })}
          </Typography.Text>
          <Flex wrap gap={6} role="list">
            {ministries.map((item) => (
              <Tag key={item} color="geekblue" role="listitem">
                {optionLabel('current_ministries', item)}
              </Tag>
            ))}
          </Flex>
        </div>
      )}
    </Card>
  )
}
