import { Card, Col, Divider, Form, Input, Row } from 'antd'
import { getIn, useFormikContext } from 'formik'
import { Children, isValidElement, type ReactNode, useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { CONTACT_FIELDS, EDIT_STATUSES, STEP_FIELDS, type Member } from '../../domain'
import { MemberDues } from '../dues'
import { ProfileDetails } from './ProfileDetails'
import { SectionTabs } from './SectionTabs'
import {
  FormikCheckboxField,
  FormikDateField,
  FormikJobField,
  FormikRegionField,
  FormikSelectField,
  FormikTagField,
  FormikTextField,
  MemberDate,
} from '../memberForm'

const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Col xs={24} md={wide ? 24 : 12}>
    {children}
  </Col>
)

/** A tab's fields, two to a row on a wide screen; a `Cell wide` child takes the whole row. */
function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Row gutter={16}>
      {Children.map(children, (child) =>
        isValidElement(child) && child.type !== Cell ? <Cell>{child}</Cell> : child,
      )}
    </Row>
  )
}

/** A value the server sets: shown, never edited (spec 3.1: registerd_by is not editable). */
function ReadOnlyValue({
  id,
  label,
  children,
}: {
  id: string
  label: string
  children: ReactNode
}) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input
        id={id}
        readOnly
        variant="filled"
        value={typeof children === 'string' ? children : ''}
      />
    </Form.Item>
  )
}

type TabKey =
  'personalInfo' | 'contactInfo' | 'churchInfo' | 'familyInfo' | 'additionalInfo' | 'duesTab'

// The wizard's steps (spec 2.5) group the same fields: family is step 2, church steps 3 and 4.
const [, , FAMILY_STEP, CHURCH_STEP, SERVICE_STEP] = STEP_FIELDS

// Which tab holds which field, so a failed save can show the first tab with an error.
const TAB_FIELDS: Record<TabKey, readonly string[]> = {
  personalInfo: ['gender', 'date_of_birth', 'marital_status', 'nationality', 'job'],
  contactInfo: [...CONTACT_FIELDS, 'preferred_contact_method'],
  churchInfo: [
    ...CHURCH_STEP,
    ...SERVICE_STEP,
    'last_attendance_date',
    'regular_attendance_pattern',
    'events_attended',
  ],
  familyInfo: FAMILY_STEP,
  additionalInfo: [
    'medical_conditions',
    'allergies',
    'special_needs',
    'highest_education',
    'professional_skills',
    'current_prayer_requests',
    'notes',
  ],
  duesTab: [],
}

/**
 * After each submit attempt, shows the first tab with an error, once that attempt's validation
 * has finished (Formik counts the attempt before it validates). A component of its own that
 * draws nothing, so that the tabs themselves do not follow every key pressed in a field.
 */
function FirstErrorTab({ onFound }: { onFound: (tab: TabKey) => void }) {
  const { submitCount, errors, isValidating } = useFormikContext<Record<string, unknown>>()
  const handledAttempt = useRef(0)
  useEffect(() => {
    // Only a new submit attempt moves the tab; typing and leaving fields must not.
    if (isValidating || submitCount === handledAttempt.current) return
    handledAttempt.current = submitCount
    const first = (Object.keys(TAB_FIELDS) as TabKey[]).find((tab) =>
      TAB_FIELDS[tab].some((field) => getIn(errors, field)),
    )
    if (first) onFound(first)
  }, [submitCount, errors, isValidating, onFound])
  return null
}

/**
 * Spec 2.7: the five tabs, grouping every field of 3.1 as section 3 and the wizard do, with the
 * wizard's own field components in edit mode; outside it, the values as text (ProfileDetails).
 */
export function ProfileTabs({ member, editing }: { member: Member; editing: boolean }) {
  const intl = useIntl()
  const [activeTab, setActiveTab] = useState<TabKey>('personalInfo')
  const off = !editing
  const comma = 'commaSeparatedHelp'

  const personal = (
    <FieldGrid>
      <FormikSelectField name="gender" disabled={off} />
      <FormikDateField name="date_of_birth" disabled={off} />
      <FormikSelectField name="marital_status" disabled={off} />
      <FormikSelectField name="nationality" disabled={off} />
      <Cell wide>
        <FormikJobField disabled={off} />
      </Cell>
    </FieldGrid>
  )

  const contact = (
    <FieldGrid>
      <FormikTextField name="phone_primary" type="tel" disabled={off} />
      <FormikTextField name="phone_secondary" type="tel" disabled={off} />
      <FormikTextField name="email" type="email" disabled={off} />
      <FormikSelectField name="preferred_contact_method" disabled={off} />
      <Cell wide>
        <Divider titlePlacement="start">{intl.formatMessage({ id: 'address' })}</Divider>
      </Cell>
      <Cell wide>
        <FormikTextField name="street_address" disabled={off} />
      </Cell>
      <FormikTextField name="city" disabled={off} />
      <FormikRegionField disabled={off} />
      <FormikTextField name="sub_city" disabled={off} />
      <FormikTextField name="woreda" disabled={off} />
      <FormikTextField name="kebele" disabled={off} />
      <FormikTextField name="house_number" disabled={off} />
      <FormikTextField name="zip_code" disabled={off} />
      <Cell wide>
        <Divider titlePlacement="start">{intl.formatMessage({ id: 'emergencyContact' })}</Divider>
      </Cell>
      <FormikTextField name="emergency_contact_name" disabled={off} />
      <FormikTextField name="emergency_contact_relationship" disabled={off} />
      <FormikTextField name="emergency_contact_phone" type="tel" disabled={off} />
      <Cell wide>
        <FormikCheckboxField name="receive_email_notifications" disabled={off} />
        <FormikCheckboxField name="receive_sms_notifications" disabled={off} />
      </Cell>
    </FieldGrid>
  )

  const church = (
    <FieldGrid>
      <FormikSelectField name="membership_status" keys={EDIT_STATUSES} disabled={off} />
      <FormikDateField name="date_joined" disabled={off} />
      <FormikDateField name="baptism_date" disabled={off} />
      <FormikTextField name="baptism_location" disabled={off} />
      <FormikDateField name="confirmation_date" disabled={off} />
      <FormikTextField name="previous_church" disabled={off} />
      <FormikTextField name="external_id" autoComplete="off" disabled={off} />
      <FormikTextField name="christian_name" disabled={off} />
      <FormikTextField name="confession_father" disabled={off} />
      <FormikTextField name="parish" disabled={off} />
      <FormikTagField name="spiritual_gifts" helpId="selectOrTypeGifts" disabled={off} />
      <FormikTagField name="current_ministries" helpId="selectOrTypeMinistries" disabled={off} />
      <FormikTextField name="service_interests" rows={3} helpId={comma} disabled={off} />
      <FormikSelectField name="volunteer_availability" disabled={off} />
      <FormikDateField name="last_attendance_date" disabled={off} />
      <FormikTextField name="regular_attendance_pattern" disabled={off} />
      <FormikTextField name="events_attended" helpId={comma} disabled={off} />
      <FormikCheckboxField name="bible_study_participation" disabled={off} />
    </FieldGrid>
  )

  const family = (
    <FieldGrid>
      <FormikTextField name="spouse_name" disabled={off} />
      <FormikTextField name="parent_guardian" disabled={off} />
      <Cell wide>
        <FormikTextField name="children_info" rows={2} helpId={comma} disabled={off} />
      </Cell>
    </FieldGrid>
  )

  const additional = (
    <FieldGrid>
      <FormikTextField name="medical_conditions" helpId={comma} disabled={off} />
      <FormikTextField name="allergies" helpId={comma} disabled={off} />
      <FormikTextField name="special_needs" disabled={off} />
      <FormikSelectField name="highest_education" disabled={off} />
      <Cell wide>
        <FormikTextField name="professional_skills" helpId={comma} disabled={off} />
      </Cell>
      <Cell wide>
        <FormikTextField name="current_prayer_requests" rows={3} disabled={off} />
      </Cell>
      <Cell wide>
        <FormikTextField name="notes" rows={4} disabled={off} />
      </Cell>
      <ReadOnlyValue id="member-registerd_by" label={intl.formatMessage({ id: 'registeredBy' })}>
        {member.registerd_by ?? ''}
      </ReadOnlyValue>
      {member.transfer_date && (
        <Form.Item label={intl.formatMessage({ id: 'transferDate' })}>
          <MemberDate value={member.transfer_date} />
        </Form.Item>
      )}
    </FieldGrid>
  )

  const tabs: [TabKey, ReactNode][] = [
    ['personalInfo', personal],
    ['contactInfo', contact],
    ['churchInfo', church],
    ['familyInfo', family],
    ['additionalInfo', additional],
  ]

  // Dues are not member fields: their tab is shown outside editing only (issue 46).
  const items = tabs.map(([key, children]) => ({
    key,
    label: intl.formatMessage({ id: key }),
    children: editing ? children : <ProfileDetails member={member} tab={key} />,
  }))
  if (!editing) {
    items.push({
      key: 'duesTab',
      label: intl.formatMessage({ id: 'duesTab' }),
      children: <MemberDues memberId={member.id} householdId={member.household_id} />,
    })
  }
  const shown = editing && activeTab === 'duesTab' ? 'personalInfo' : activeTab

  return (
    <Card className="profile-tabs">
      <FirstErrorTab onFound={setActiveTab} />
      <SectionTabs activeKey={shown} onChange={setActiveTab} items={items} />
    </Card>
  )
}
