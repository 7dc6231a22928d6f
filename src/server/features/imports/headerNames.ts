// Headers other systems and office spreadsheets write (ChurchCRM's CSV Export and the columns of
// its person_per table among them), in English, Amharic and Afaan Oromoo, beyond the labels of
// locales/. Each name lists the fields
// it may fill in order of preference: a second phone column takes the field the first left.
import {
  BIRTH_PART_LABELS,
  BIRTH_PART_TARGETS,
  type BirthPartTarget,
  FAMILY_TARGET_LABELS,
  FAMILY_TARGETS,
  type FamilyTarget,
  FULL_NAME_LABEL,
  FULL_NAME_TARGET,
  type ImportTarget,
} from '../../../domain'
import { LANGUAGES, message } from '../../platform/spreadsheetText'
import type { Table } from './readTable'

export const FAMILY_NAME = 'family name'
/** A bare "Name": the full name, unless another column holds a part of the name. */
export const BARE_NAME = 'bare name'

/** What a header may fill: a target, or a name column decided per file. */
export type HeaderCandidate = ImportTarget | typeof FAMILY_NAME | typeof BARE_NAME

/**
 * Other labels (message ids) a family column is recognised by in every language: the role as
 * earlier exports named it, and the wedding date as the household form names it (no member
 * field has one).
 */
const EARLIER_FAMILY_LABELS: Partial<Record<FamilyTarget, readonly string[]>> = {
  family_role: ['householdRole'],
  family_wedding_date: ['weddingDate'],
}

/** ChurchCRM's person_per keeps a birthday in three columns. */
const CHURCHCRM_BIRTH_PARTS: Readonly<Record<BirthPartTarget, string>> = {
  birth_year: 'per_BirthYear',
  birth_month: 'per_BirthMonth',
  birth_day: 'per_BirthDay',
}

/** Header → fields it can fill, best first. FAMILY_NAME is decided per file (two-part names). */
export const OTHER_HEADERS: readonly [readonly string[], readonly HeaderCandidate[]][] = [
  // The family columns as an export writes them (and as earlier exports named the role), in
  // every language: first, so that an export's households come back whatever else they resemble.
  ...FAMILY_TARGETS.map((target): [string[], ImportTarget[]] => [
    [FAMILY_TARGET_LABELS[target], ...(EARLIER_FAMILY_LABELS[target] ?? [])]
      .flatMap((id) => LANGUAGES.map((lang) => message(lang, id)))
      .filter((name) => name !== undefined),
    [target],
  ]),
  // A household's own fields as other systems name them. Only names that say "family" or
  // "household": a bare "Home Phone", "Status" or "Notes" is the member's (below).
  [
    [
      'Family Home Phone',
      'Household Home Phone',
      'Family Phone',
      'Household Phone',
      'fam_HomePhone',
      'የቤተሰብ ስልክ',
      'የቤተሰብ የቤት ስልክ',
      'Bilbila maatii',
    ],
    ['family_home_phone'],
  ],
  [
    [
      'Wedding Date',
      'Wedding Anniversary',
      'Anniversary',
      'Marriage Date',
      'Date of Marriage',
      'fam_WeddingDate',
      'የሠርግ ቀን',
      'Guyyaa cidhaa',
    ],
    ['family_wedding_date'],
  ],
  [['Family Status', 'Household Status', 'የቤተሰብ ሁኔታ'], ['family_status']],
  [
    ['Family Notes', 'Family Note', 'Household Notes', 'Household Note', 'የቤተሰብ ማስታወሻ'],
    ['family_notes'],
  ],
  // Most church offices keep the whole name in one column (given, father's, grandfather's).
  [
    [
      ...LANGUAGES.map((lang) => message(lang, FULL_NAME_LABEL)).filter(
        (name) => name !== undefined,
      ),
      'Full Name',
      'Fullname',
      'Full Names',
      'Member Name',
      "Member's Name",
      'Name of Member',
      'Member',
      'ሙሉ ስም',
      'ሙሉ ስም ከነአያት',
      'የአባል ስም',
      'የአባሉ ስም',
      'Maqaa guutuu',
      'Maqaa miseensaa',
    ],
    [FULL_NAME_TARGET],
  ],
  // Before the labels of locales/: ስም and Maqaa are also the given name's label there.
  [['Name', 'Names', 'ስም', 'Maqaa'], [BARE_NAME]],
  [
    [
      'First Name',
      'Given Name',
      'Firstname',
      'Forename',
      'per_FirstName',
      'የመጀመሪያ ስም',
      'Maqaa jalqabaa',
    ],
    ['first_name'],
  ],
  [["Father's Name", 'Father Name', 'Fathers Name', 'የአባት ስም', 'Maqaa abbaa'], ['middle_name']],
  [["Grandfather's Name", 'Grandfather Name', 'የአያት ስም', 'Maqaa akaakayyuu'], ['last_name']],
  [
    ['Last Name', 'Surname', 'Family Name', 'Lastname', 'per_LastName', 'የቤተሰብ ስም', 'Maqaa maatii'],
    [FAMILY_NAME],
  ],
  [
    [
      'Mobile/Cell Phone',
      'Cell Phone',
      'Mobile Phone',
      'per_CellPhone',
      'Mobile',
      'Cell',
      'Phone',
      'Telephone',
      'Phone Number',
      'ስልክ',
      'ሞባይል',
      'ስልክ ቁጥር',
      'የሞባይል ስልክ',
      'Bilbila',
      'Lakkoofsa bilbilaa',
      'Moobaayilii',
    ],
    ['phone_primary', 'phone_secondary'],
  ],
  [
    [
      'Home Phone',
      'Work Phone',
      'Other Phone',
      'Phone 2',
      'per_HomePhone',
      'per_WorkPhone',
      'የቤት ስልክ',
      'የሥራ ስልክ',
      'Bilbila manaa',
    ],
    ['phone_secondary', 'phone_primary'],
  ],
  [['Email', 'E-mail', 'Email Address', 'per_Email', 'ኢሜይል', 'ኢሜል', 'Imeelii'], ['email']],
  [
    ['Address 1', 'Address', 'Address Line 1', 'Street', 'per_Address1', 'አድራሻ', 'Teessoo'],
    ['street_address'],
  ],
  [['City', 'Town', 'per_City', 'ከተማ', 'Magaalaa'], ['city']],
  [['State', 'Region', 'Province', 'per_State', 'ክልል', 'Naannoo'], ['state']],
  [['Zip', 'Zip Code', 'Postal Code', 'Postcode', 'PO Box', 'P.O. Box', 'per_Zip'], ['zip_code']],
  [
    ['Birth Date', 'Birthdate', 'Birthday', 'DOB', 'Date of Birth', 'የልደት ቀን', 'የትውልድ ዘመን'],
    ['date_of_birth'],
  ],
  [
    [
      'Membership Date',
      'Member Since',
      'Join Date',
      'Joined',
      'Date Joined',
      'per_MembershipDate',
      'የአባልነት ቀን',
    ],
    ['date_joined'],
  ],
  // A birthday in parts: after the date of birth, so that "Birthday" stays the whole date.
  ...BIRTH_PART_TARGETS.map((target): [string[], ImportTarget[]] => [
    [
      CHURCHCRM_BIRTH_PARTS[target],
      ...LANGUAGES.map((lang) => message(lang, BIRTH_PART_LABELS[target])).filter(
        (name) => name !== undefined,
      ),
    ],
    [target],
  ]),
  [['Baptism Date', 'Baptized', 'የጥምቀት ቀን'], ['baptism_date']],
  [['Gender', 'Sex', 'per_Gender', 'ጾታ', 'ፆታ', 'Saala', 'Koorniyaa'], ['gender']],
  [['Marital Status', 'Civil Status', 'የጋብቻ ሁኔታ'], ['marital_status']],
  [
    [
      'Classification',
      'Status',
      'Member Status',
      'Membership',
      'Membership Status',
      'per_cls_ID',
      'ሁኔታ',
    ],
    ['membership_status'],
  ],
  [
    [
      'Family ID',
      'Family',
      'Fam ID',
      'Household ID',
      'Household',
      'per_fam_ID',
      'የቤተሰብ መለያ',
      'ቤተሰብ',
      'Maatii',
    ],
    ['family_id'],
  ],
  [
    ['Household Name', 'Family Household Name', 'fam_Name', 'የቤተሰቡ ስም', 'Maqaa warraa'],
    ['family_name'],
  ],
  [
    [
      'Family Role',
      'Role',
      'Household Role',
      'Relationship',
      'per_fmr_ID',
      'የቤተሰብ ድርሻ',
      'Gahee maatii',
    ],
    ['family_role'],
  ],
  [
    [
      'Person ID',
      'per_ID',
      'Member ID',
      'ID',
      'Record ID',
      'External ID',
      'Old ID',
      'የአባል መለያ ቁጥር',
      'መለያ ቁጥር',
      'የመታወቂያ ቁጥር',
      'Lakkoofsa miseensaa',
      'Lakkoofsa eenyummaa',
    ],
    ['external_id'],
  ],
  [['Notes', 'Note', 'Comments', 'Remarks', 'ማስታወሻ', 'Yaadannoo'], ['notes']],
  [['Email Notifications', 'Email OK', 'Receive Email'], ['receive_email_notifications']],
  [['SMS Notifications', 'SMS OK', 'Receive SMS', 'Text OK'], ['receive_sms_notifications']],
]

/** "Middle Name" of western systems: a father's name only when most rows fill it. */
export const MIDDLE_NAME_HEADERS = [
  'Middle Name',
  'Middle',
  'Middle Initial',
  'Second Name',
  'per_MiddleName',
]

/**
 * Another system's own bookkeeping (ChurchCRM's person_per: who entered or last edited a record,
 * when, its internal flags): no use in a member's notes, so left out unless the clerk keeps it.
 */
export const BOOKKEEPING_HEADERS = [
  'per_DateEntered',
  'per_EnteredBy',
  'per_DateLastEdited',
  'per_EditedBy',
  'per_Flags',
]

/**
 * ChurchCRM's person_per keeps gender, family role and classification as numbers of lists a
 * church may edit: the values step proposes the default lists' meaning for these columns only
 * (a bare 1 elsewhere means nothing by itself), and the clerk may choose otherwise.
 */
export const CODED_HEADERS: readonly [string, ImportTarget, Readonly<Record<string, string>>][] = [
  ['per_Gender', 'gender', { 1: 'male', 2: 'female' }],
  ['per_fmr_ID', 'family_role', { 1: 'head', 2: 'spouse', 3: 'child', 4: 'relative', 5: 'other' }],
  // 4, "Non-Attender (staff)", has no equivalent among our statuses: the clerk decides.
  [
    'per_cls_ID',
    'membership_status',
    { 1: 'member', 2: 'regularAttendee', 3: 'visitor', 5: 'inactive' },
  ],
]

/**
 * A database export of ChurchCRM's tables (phpMyAdmin's CSV, by default) writes SQL's NULL as
 * the text NULL: in a file with their raw column names, such a cell is blank.
 */
export function withoutDatabaseNulls(table: Table): Table {
  if (!table.columns.some((column) => /^(per|fam)_/i.test(column.trim()))) return table
  const rows = table.rows.map((row) => row.map((cell) => (cell === 'NULL' ? null : cell)))
  return { ...table, rows }
}
