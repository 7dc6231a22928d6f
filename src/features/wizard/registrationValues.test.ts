import { File as NodeFile } from 'node:buffer'
import { setupStore } from '../../testing/renderWithProviders'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { registerFile } from '../../shared/fileRegistry'
import { completeRegistration } from './completeRegistration'
import { wizardApi } from './wizardApi'
import { jobFields } from '../memberForm'
import {
  emptyRegistration,
  firstFailingStep,
  fromSubmission,
  toSubmission,
  validateStep,
  type RegistrationValues,
} from './registrationValues'

const complete = completeRegistration

describe('step validation (spec 5.2, 5.3)', () => {
  it.each([
    [0, ['first_name', 'middle_name', 'last_name', 'gender', 'date_of_birth', 'marital_status']],
    [1, ['phone_primary', 'street_address', 'city', 'state']],
    [2, []],
    [3, ['membership_status']],
    [4, ['current_ministries']],
    [5, ['highest_education']],
    [6, ['preferred_contact_method']],
  ])('an empty step %i requires %j', (step, fields) => {
    const errors = validateStep(step, emptyRegistration())
    expect(Object.keys(errors).sort()).toEqual([...fields].sort())
    expect(new Set(Object.values(errors))).toEqual(new Set(fields.length ? ['fieldRequired'] : []))
  })

  it('treats whitespace as missing and checks a filled email only', () => {
    const values = { ...complete(), first_name: '   ', email: 'not-an-email' }
    expect(validateStep(0, values)).toEqual({ first_name: 'fieldRequired' })
    expect(validateStep(1, values)).toEqual({ email: 'invalidEmail' })
    expect(validateStep(1, { ...values, email: '' })).toEqual({})
  })

  it('counts custom ministries typed as text towards the required list', () => {
    const values = { ...complete(), current_ministries: [], customCurrentMinistries: 'Library' }
    expect(validateStep(4, values)).toEqual({})
  })

  it('finds the first failing step for Submit (spec 4.5)', () => {
    expect(firstFailingStep(complete())).toBeNull()
    expect(firstFailingStep({ ...complete(), city: '', highest_education: null })?.step).toBe(1)
  })
})

describe('the member the wizard submits (spec 3.2, 5.7, 7.3)', () => {
  let server: MockServer
  beforeEach(() => {
    server = installMockServer()
  })
  afterEach(() => server.restore())

  it('sends every field as a part: arrays as JSON, nulls omitted, job always, the photo file', async () => {
    server.on('POST', '/api/members', { status: 201, json: { id: 9 } })
    // Node's File: the FormData RTK Query builds here is Node's too (jest-fixed-jsdom).
    const photo = new NodeFile([new Uint8Array([255, 216, 255])], 'camera-photo.jpg', {
      type: 'image/jpeg',
    }) as unknown as File
    const values: RegistrationValues = {
      ...complete(),
      ...jobFields(['engineer', 'other'], 'Choir director, Engineer'),
      spiritual_gifts: ['teacher'],
      customSpiritualGifts: 'Music, , Art',
      allergies: 'Peanuts, Dust',
      photoId: registerFile(photo),
    }
    const { store } = setupStore({ signedInAs: { id: 1, username: 'abebe' } })
    await store
      .dispatch(
        wizardApi.endpoints.createMember.initiate({
          values: toSubmission(values, 'abebe'),
          photoId: values.photoId,
        }),
      )
      .unwrap()
    const body = server.requests[0].body as FormData
    expect(server.requests[0].headers.get('authorization')).toMatch(/^Bearer /)
    expect(body.get('first_name')).toBe('Abebe')
    expect(body.get('spiritual_gifts')).toBe('["teacher","Music","Art"]')
    expect(body.get('allergies')).toBe('["Peanuts","Dust"]')
    expect(body.get('children_info')).toBe('[]')
    expect(body.get('job')).toBe('Engineer, Choir director')
    expect(body.get('selectedJobs')).toBe('["engineer","other"]')
    expect(body.get('customJob')).toBe('Choir director, Engineer')
    expect(body.get('showCustomJobField')).toBe('true')
    expect(body.get('registerd_by')).toBe('abebe')
    expect(body.get('receive_sms_notifications')).toBe('true')
    // Blank and null fields are left out.
    expect(body.has('email')).toBe(false)
    expect(body.has('baptism_date')).toBe(false)
    expect(body.has('photoId')).toBe(false)
    const part = body.get('photo') as File
    expect(part.name).toBe('camera-photo.jpg')
    expect(part.type).toBe('image/jpeg')
  })

  it('sends an empty job part when no job is chosen', () => {
    const submission = toSubmission(complete())
    expect(submission.job).toBe('')
  })
})

describe('fromSubmission (editing a registration queued on the device)', () => {
  it('gives back values whose submission is the same member', () => {
    const values: RegistrationValues = {
      ...complete(),
      service_interests: 'music, teaching',
      allergies: 'peanuts',
      spiritual_gifts: ['teaching'],
      customSpiritualGifts: 'hospitality',
      job: 'Teacher',
      selectedJobs: ['Teacher'],
    }
    const submission = toSubmission(values, 'clerk')
    const back = fromSubmission(submission)
    expect(back.service_interests).toBe('music, teaching')
    expect(back.first_name).toBe('Abebe')
    expect(back.email).toBe(emptyRegistration().email)
    expect(toSubmission(back, 'clerk')).toEqual(submission)
  })

  it('starts from the empty form for what the submission lacks', () => {
    const back = fromSubmission({ first_name: 'Hanna', photo_path: '/x.jpg' })
    expect(back).toEqual({ ...emptyRegistration(), first_name: 'Hanna' })
  })

  it('keeps a field cleared on purpose cleared', () => {
    const submission = toSubmission({ ...complete(), nationality: null })
    expect(submission.nationality).toBeNull()
    expect(fromSubmission(submission).nationality).toBeNull()
    expect(toSubmission(fromSubmission(submission))).toEqual(submission)
  })
})
