// Test helpers for the members API: multipart bodies built by hand, as a browser sends them.
import crypto from 'node:crypto'
import sharp from 'sharp'

export interface FilePart {
  field: string
  filename: string
  contentType: string
  data: Buffer
}

export interface MultipartRequest {
  payload: Buffer
  headers: Record<string, string>
}

/** A multipart/form-data body of text fields and file parts. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[] = [],
  extraHeaders: Record<string, string> = {},
): MultipartRequest {
  const boundary = `----abal${crypto.randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value, 'utf8'),
      Buffer.from('\r\n'),
    )
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...extraHeaders },
  }
}

/** A complete registration as the wizard sends it (spec 7.3): arrays as JSON text, helpers too. */
export function registrationFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Abebe',
    middle_name: 'Kebede',
    last_name: 'Tesfaye',
    gender: 'Male',
    date_of_birth: '1990-05-04',
    marital_status: 'Married',
    nationality: 'Ethiopia',
    job: 'Engineer, Beekeeper',
    selectedJobs: '["engineer","other"]',
    customJob: 'Beekeeper',
    showCustomJobField: 'true',
    phone_primary: '+251911234567',
    phone_secondary: '+251922000111',
    email: 'abebe@example.et',
    street_address: 'Bole Road 12',
    city: 'Addis Ababa',
    state: 'Addis Ababa',
    zip_code: '1000',
    emergency_contact_name: 'Almaz Bekele',
    emergency_contact_relationship: 'Sister',
    emergency_contact_phone: '+251933444555',
    spouse_name: 'Hirut Alemu',
    children_info: '["Dawit","Sara"]',
    parent_guardian: 'Kebede Tesfaye',
    membership_status: 'member',
    date_joined: '2015-09-11',
    baptism_date: '2016-01-19',
    baptism_location: 'Lake Hawassa',
    confirmation_date: '2016-06-01',
    previous_church: 'Mekane Yesus Bole',
    spiritual_gifts: '["teacher","Intercession"]',
    service_interests: '["Ushering","Bible study"]',
    current_ministries: '["choir","sundaySchool"]',
    volunteer_availability: 'weekends',
    bible_study_participation: 'true',
    events_attended: '["Easter 2024"]',
    medical_conditions: '["Asthma"]',
    allergies: '["Peanuts"]',
    professional_skills: '["Carpentry","Accounting"]',
    special_needs: 'Wheelchair access',
    current_prayer_requests: 'For my family',
    highest_education: 'Degree',
    preferred_contact_method: 'SMS',
    receive_email_notifications: 'false',
    receive_sms_notifications: 'true',
    registerd_by: 'someone-else',
    notes: 'Sings bass',
    ...overrides,
  }
}

/** A real JPEG carrying EXIF with a GPS position and a copyright text. */
export function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .withExif({
      IFD0: { Copyright: 'SECRET-COPYRIGHT', Make: 'SpyCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '9/1 1/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '38/1 45/1 0/1',
      },
    })
    .jpeg()
    .toBuffer()
}

export function pngImage(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#fa0' } })
    .png()
    .toBuffer()
}

export function webpImage(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#05f' } })
    .webp()
    .toBuffer()
}

export function photoPart(
  data: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
): FilePart {
  return { field: 'photo', filename, contentType, data }
}
