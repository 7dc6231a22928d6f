// The seven steps of spec 2.5 (Reading A). Each shows its fields; the screen validates them.
import { Form, Input, Typography } from 'antd'
import { type FormikContextType, useFormikContext } from 'formik'
import { type ComponentType, memo, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { REGISTRATION_STATUSES } from '../../domain'
import {
  FormikCheckboxField,
  FormikDateField,
  FormikJobField,
  FormikLatinNameField,
  FormikRegionField,
  FormikSelectField,
  FormikTagField,
  FormikTextField,
  PhotoPicker,
} from '../memberForm'
import type { RegistrationValues } from './registrationValues'

/**
 * Two columns from antd's md breakpoint (768 px), one on phones: a CSS grid (wizard.css) rather
 * than antd's Row and Col, which subscribe each instance to the window's breakpoints.
 */
function Pair({ children }: { children: ReactNode }) {
  return <div className="registration-pair">{children}</div>
}

function Heading({ id, helpId }: { id: string; helpId?: string }) {
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 16, margin: '8px 0 12px' }}>
        <FormattedMessage id={id} />
      </Typography.Title>
      {helpId && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -6 }}>
          <FormattedMessage id={helpId} />
        </Typography.Paragraph>
      )}
    </>
  )
}

/** The photo, drawn again only when it changes (see formikFields.tsx). */
function PhotoField() {
  const { values, setFieldValue } = useFormikContext<RegistrationValues>()
  return <PhotoFieldBody photoId={values.photoId} setFieldValue={setFieldValue} />
}

const PhotoFieldBody = memo(function PhotoFieldBody({
  photoId,
  setFieldValue,
}: {
  photoId: RegistrationValues['photoId']
  setFieldValue: FormikContextType<RegistrationValues>['setFieldValue']
}) {
  return (
    <Form.Item>
      <PhotoPicker value={photoId} onChange={(id) => void setFieldValue('photoId', id)} />
    </Form.Item>
  )
})

function PersonalStep() {
  return (
    <>
      <PhotoField />
      {/* Ethiopian names: given name, father's name, grandfather's name (not a family name). */}
      <Pair>
        <FormikTextField name="first_name" required autoComplete="given-name" />
        <FormikTextField name="middle_name" required autoComplete="off" />
      </Pair>
      <Pair>
        <FormikTextField name="last_name" required autoComplete="off" />
        <FormikSelectField name="gender" required />
      </Pair>
      <FormikLatinNameField />
      <FormikDateField name="date_of_birth" required />
      <Pair>
        <FormikSelectField name="marital_status" required />
        <FormikSelectField name="nationality" />
      </Pair>
      <FormikJobField />
    </>
  )
}

function ContactStep() {
  return (
    <>
      <Pair>
        <FormikTextField name="phone_primary" required type="tel" autoComplete="tel" />
        <FormikTextField name="phone_secondary" type="tel" />
      </Pair>
      <FormikTextField name="email" type="email" autoComplete="email" />
      <Heading id="address" />
      <FormikTextField name="street_address" required autoComplete="street-address" />
      <Pair>
        <FormikTextField name="city" required autoComplete="address-level2" />
        <FormikRegionField required />
      </Pair>
      <Pair>
        <FormikTextField name="sub_city" autoComplete="address-level3" />
        <FormikTextField name="woreda" autoComplete="off" />
      </Pair>
      <Pair>
        <FormikTextField name="kebele" autoComplete="off" />
        <FormikTextField name="house_number" autoComplete="off" />
      </Pair>
      <Pair>
        <FormikTextField name="zip_code" autoComplete="off" />
        <span />
      </Pair>
      <Heading id="emergencyContact" />
      <Pair>
        <FormikTextField name="emergency_contact_name" />
        <FormikTextField name="emergency_contact_relationship" />
      </Pair>
      <FormikTextField name="emergency_contact_phone" type="tel" />
    </>
  )
}

function FamilyStep() {
  // children_info is held by the form (an empty list) but has no input (spec 2.5).
  return (
    <>
      <FormikTextField name="spouse_name" />
      <FormikTextField name="parent_guardian" />
    </>
  )
}

function ChurchStep() {
  // Date joined and baptism date carry the required mark, which the step check does not
  // enforce (spec 5.2).
  return (
    <>
      <FormikSelectField name="membership_status" required keys={REGISTRATION_STATUSES} />
      <Pair>
        <FormikDateField name="date_joined" required />
        <FormikDateField name="baptism_date" required />
      </Pair>
      <Pair>
        <FormikTextField name="baptism_location" />
        <FormikDateField name="confirmation_date" />
      </Pair>
      {/* The earlier church's register id beside it: optional, unique in the account. */}
      <Pair>
        <FormikTextField name="previous_church" />
        <FormikTextField name="external_id" autoComplete="off" />
      </Pair>
      <Heading id="parishDetails" helpId="parishDetailsHelp" />
      <Pair>
        <FormikTextField name="christian_name" autoComplete="off" />
        <FormikTextField name="confession_father" autoComplete="off" />
      </Pair>
      <FormikTextField name="parish" autoComplete="off" />
    </>
  )
}

function ServiceStep() {
  return (
    <>
      <FormikTagField name="spiritual_gifts" helpId="selectOrTypeGifts" />
      <FormikTextField name="customSpiritualGifts" helpId="separateGiftsByCommas" />
      <FormikTagField name="current_ministries" required helpId="selectOrTypeMinistries" />
      <FormikTextField name="customCurrentMinistries" helpId="separateMinistriesByCommas" />
      <FormikTextField name="service_interests" rows={3} helpId="commaSeparatedHelp" />
      {/* A select, not free text: the stored value is one of spec 9.4's keys. */}
      <FormikSelectField name="volunteer_availability" />
    </>
  )
}

function HealthStep() {
  return (
    <>
      <FormikTextField name="medical_conditions" helpId="commaSeparatedHelp" />
      <FormikTextField name="allergies" helpId="commaSeparatedHelp" />
      <FormikTextField name="special_needs" />
      <FormikSelectField name="highest_education" required />
      <FormikTextField name="professional_skills" helpId="commaSeparatedHelp" />
    </>
  )
}

function CommunicationStep({ username }: { username: string }) {
  const intl = useIntl()
  return (
    <>
      <FormikSelectField name="preferred_contact_method" required />
      <Pair>
        <FormikCheckboxField name="receive_email_notifications" />
        <FormikCheckboxField name="receive_sms_notifications" />
      </Pair>
      <Form.Item
        label={intl.formatMessage({ id: 'registeredBy' })}
        htmlFor="member-registerd_by"
        extra={
          <span id="member-registerd_by-help">
            {intl.formatMessage({ id: 'registeredByHelp' })}
          </span>
        }
      >
        <Input
          id="member-registerd_by"
          value={username}
          readOnly
          aria-readonly
          aria-describedby="member-registerd_by-help"
        />
      </Form.Item>
      <FormikTextField name="notes" rows={4} />
    </>
  )
}

export const STEP_TITLE_IDS = [
  'personalInfo',
  'contactInfo',
  'familyInfo',
  'churchInfo',
  'serviceInfo',
  'healthInfo',
  'communicationInfo',
] as const

/** Each step's fields in order; each reads its own part of the form (memberForm/formikFields.tsx). */
const STEPS: readonly ComponentType<{ username: string }>[] = [
  PersonalStep,
  ContactStep,
  FamilyStep,
  ChurchStep,
  ServiceStep,
  HealthStep,
  CommunicationStep,
]

/** One step's fields; any step past the table is the last one. */
export function RegistrationStep({ step, username }: { step: number; username: string }) {
  const Step = STEPS[step] ?? CommunicationStep
  return <Step username={username} />
}
