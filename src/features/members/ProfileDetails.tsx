import { Fragment, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type Member } from '../../domain'
import {
  fieldLabelId,
  type LabelledField,
  MemberDate,
  type OptionField,
  useOptionLabel,
} from '../memberForm'
import { useJobText } from './ProfileSummaryCard'
import { useTextParts } from '../../shared/useTextParts'

type Field = keyof Member

/** How a field reads as text: as typed, an option's label, a date, a list, or yes/no. */
type Kind = 'text' | 'option' | 'date' | 'list' | 'flag'

/** One group of a tab: its fields, under an optional sub-heading (a message id). */
export interface DetailGroup {
  heading?: string
  fields: readonly (readonly [Field, Kind])[]
}

/** The tabs' fields in view mode, in the order the edit form shows them. */
export const DETAIL_GROUPS: Record<string, readonly DetailGroup[]> = {
  personalInfo: [
    {
      fields: [
        ['gender', 'option'],
        ['date_of_birth', 'date'],
        ['marital_status', 'option'],
        ['nationality', 'option'],
        ['job', 'text'],
      ],
    },
  ],
  contactInfo: [
    {
      fields: [
        ['phone_primary', 'text'],
        ['phone_secondary', 'text'],
        ['email', 'text'],
        ['preferred_contact_method', 'option'],
        ['receive_email_notifications', 'flag'],
        ['receive_sms_notifications', 'flag'],
      ],
    },
    {
      heading: 'address',
      fields: [
        ['street_address', 'text'],
        ['city', 'text'],
        ['state', 'text'],
        ['sub_city', 'text'],
        ['woreda', 'text'],
        ['kebele', 'text'],
        ['house_number', 'text'],
        ['zip_code', 'text'],
      ],
    },
    {
      heading: 'emergencyContact',
      fields: [
        ['emergency_contact_name', 'text'],
        ['emergency_contact_relationship', 'text'],
        ['emergency_contact_phone', 'text'],
      ],
    },
  ],
  churchInfo: [
    {
      fields: [
        ['membership_status', 'option'],
        ['date_joined', 'date'],
        ['baptism_date', 'date'],
        ['baptism_location', 'text'],
        ['confirmation_date', 'date'],
        ['previous_church', 'text'],
        ['external_id', 'text'],
        ['christian_name', 'text'],
        ['confession_father', 'text'],
        ['parish', 'text'],
        ['spiritual_gifts', 'list'],
        ['current_ministries', 'list'],
        ['service_interests', 'list'],
        ['volunteer_availability', 'option'],
        ['last_attendance_date', 'date'],
        ['regular_attendance_pattern', 'text'],
        ['events_attended', 'list'],
        ['bible_study_participation', 'flag'],
      ],
    },
  ],
  familyInfo: [
    {
      fields: [
        ['spouse_name', 'text'],
        ['parent_guardian', 'text'],
        ['children_info', 'list'],
      ],
    },
  ],
  additionalInfo: [
    {
      fields: [
        ['medical_conditions', 'list'],
        ['allergies', 'list'],
        ['special_needs', 'text'],
        ['highest_education', 'option'],
        ['professional_skills', 'list'],
        ['current_prayer_requests', 'text'],
        ['notes', 'text'],
        ['registerd_by', 'text'],
        ['transfer_date', 'date'],
      ],
    },
  ],
}

const LABEL_IDS: Partial<Record<Field, string>> = {
  registerd_by: 'registeredBy',
  transfer_date: 'transferDate',
}

/**
 * A tab of the profile in view mode (issue 28): label and value pairs as a description list,
 * plain text at full contrast that a screen reader reads as "term, value", instead of greyed,
 * disabled inputs. Edit mode shows the inputs.
 */
export function ProfileDetails({ member, tab }: { member: Member; tab: string }) {
  const intl = useIntl()
  const optionLabel = useOptionLabel()
  const jobText = useJobText()
  const text = useTextParts()
  const empty = (
    <span className="profile-detail-empty">{intl.formatMessage({ id: 'notProvided' })}</span>
  )

  const valueOf = (field: Field, kind: Kind): ReactNode => {
    const raw: unknown = member[field]
    if (kind === 'flag') return intl.formatMessage({ id: raw ? 'yes' : 'no' })
    if (field === 'job') return jobText(member.job) || empty
    if (kind === 'date') return typeof raw === 'string' && raw ? <MemberDate value={raw} /> : empty
    if (kind === 'list') {
      const items = Array.isArray(raw) ? raw.filter((item) => typeof item === 'string') : []
      const labelled = items.map((item: string) =>
        field === 'spiritual_gifts' || field === 'current_ministries'
          ? optionLabel(field, item)
          : item,
      )
      return labelled.length ? text.list(labelled) : empty
    }
    if (typeof raw !== 'string' || raw.trim() === '') return empty
    return kind === 'option' ? optionLabel(field as OptionField, raw) : raw
  }

  return (
    <div className="profile-details">
      {(DETAIL_GROUPS[tab] ?? []).map((group, index) => (
        <Fragment key={group.heading ?? index}>
          {group.heading && (
            <h3 className="profile-details-heading">
              <FormattedMessage id={group.heading} />
            </h3>
          )}
          <dl className="profile-details-list">
            {group.fields
              .filter(([field]) => field !== 'transfer_date' || member.transfer_date)
              .map(([field, kind]) => (
                <div key={field} className="profile-detail">
                  <dt>
                    {intl.formatMessage({
                      id: LABEL_IDS[field] ?? fieldLabelId(field as LabelledField),
                    })}
                  </dt>
                  <dd>{valueOf(field, kind)}</dd>
                </div>
              ))}
          </dl>
        </Fragment>
      ))}
    </div>
  )
}
