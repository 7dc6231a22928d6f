import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import {
  apiToken,
  type Language,
  literally,
  NARROW,
  nextStep,
  openOptions,
  openPage,
  screenshot as saveScreenshot,
  server,
  showOption,
  signIn,
  t,
  useServerAndBrowser,
  WIDE,
} from './support'

/** Meskerem in each language's month list. */
const MESKEREM: Record<Language, RegExp> = { en: /Meskerem/, am: /^መስከረም$/, om: /Fulbaana/ }

useServerAndBrowser()

/** Screenshots once every select menu has finished closing. */
async function screenshot(page: Page, name: string) {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .first()
    .waitFor({ state: 'hidden', timeout: 2000 })
    .catch(() => undefined)
  await page.waitForTimeout(250)
  await saveScreenshot(page, name)
}

/**
 * Picks options of the antd select with this id (the open menu is the visible one): a label is
 * an option's whole text, or a pattern it matches.
 */
async function pick(page: Page, id: string, ...labels: (string | RegExp)[]) {
  const input = page.locator(`#${id}`)
  await input.click()
  const select = page.locator('.ant-select', { has: input })
  for (const label of labels) {
    const text = typeof label === 'string' ? new RegExp(`^${literally(label)}$`) : label
    const option = openOptions(page).filter({ hasText: text })
    const chosen = select.locator('.ant-select-content-has-value, .ant-select-selection-item', {
      hasText: label,
    })
    // A click that lands while the menu is still moving in can miss (a single select's menu then
    // closes as on a click outside; a multi-select keeps it open), and a menu that re-renders as
    // it opens can keep the option from ever being still enough to click. So each attempt opens
    // the menu if it closed, clicks the option unless it is chosen already, and waits for the
    // select to show the choice (its value, or a chip per choice); three attempts at most.
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A menu that stayed open without the option (seen once on a phone) is closed first.
        if (attempt > 1 && (await input.getAttribute('aria-expanded')) === 'true') {
          await page.keyboard.press('Escape')
          await page.locator(`#${id}[aria-expanded="true"]`).waitFor({ state: 'detached' })
        }
        if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click()
        await showOption(page, input, option, typeof label === 'string' ? label : undefined)
        if ((await option.getAttribute('aria-selected', { timeout: 5000 })) !== 'true') {
          await option.click({ timeout: 5000 })
        }
        await chosen.waitFor({ timeout: 5000 })
        break
      } catch (error) {
        if (attempt === 3) throw new Error(await openMenus(page, id), { cause: error })
      }
    }
  }
  if (labels.length > 1 || (await input.getAttribute('aria-expanded')) === 'true') {
    await page.keyboard.press('Escape')
  }
}

/** What the page showed when a pick failed: the select's state and every open menu's options. */
async function openMenus(page: Page, id: string) {
  const expanded = await page
    .locator(`#${id}`)
    .getAttribute('aria-expanded')
    .catch(() => null)
  const menus = await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .evaluateAll((found) => found.map((menu) => menu.textContent?.slice(0, 200)))
  return `#${id} aria-expanded=${expanded}; open menus: ${JSON.stringify(menus)}`
}

/** Types entries of one's own into a tags select. */
async function typeTags(page: Page, id: string, ...entries: string[]) {
  for (const entry of entries) {
    await page.locator(`#${id}`).fill(entry)
    await page.keyboard.press('Enter')
  }
  await page.keyboard.press('Escape')
}

// Waits for the chosen calendar's fields, so that a click on #id cannot reach the other's.
async function calendarMode(page: Page, id: string, mode: 'gregorian' | 'ethiopian') {
  await page
    .locator('.dual-date', { has: page.locator(`#${id}-label`) })
    .locator('.ant-segmented-item')
    .nth(mode === 'gregorian' ? 0 : 1)
    .click()
  await page
    .locator(`#${id}-month`)
    .waitFor({ state: mode === 'ethiopian' ? 'visible' : 'detached' })
}

// Each date picks its calendar: a device starts in the Gregorian one (spec 2.5).
async function gregorianDate(page: Page, id: string, iso: string) {
  await calendarMode(page, id, 'gregorian')
  await page.locator(`#${id}`).click()
  await page.locator(`#${id}`).fill(iso)
  await page.keyboard.press('Enter')
}

async function ethiopianDate(page: Page, id: string, day: string, month: RegExp, year: string) {
  await calendarMode(page, id, 'ethiopian')
  // The day is a select only in the Ethiopian mode: should the field have come back in the
  // Gregorian one (a re-render under load), the mode is chosen again before the day.
  await pick(page, id, day).catch(async (error: unknown) => {
    if (await page.locator(`#${id}-month`).isVisible()) throw error
    // Said in the run's output: a field that lost its mode would be a finding, not noise.
    console.warn(`${id} was back in the Gregorian mode when its day was picked`)
    await calendarMode(page, id, 'ethiopian')
    await pick(page, id, day)
  })
  await pick(page, `${id}-month`, month)
  await page.locator(`#${id}-year`).fill(year)
}

async function takeCameraPhoto(page: Page, lang: Language) {
  await page.getByRole('button', { name: t(lang, 'takePhoto'), exact: true }).click()
  const capture = page.getByRole('button', { name: t(lang, 'capture'), exact: true })
  await page.waitForFunction(
    () =>
      !document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')?.disabled,
  )
  await capture.click()
  await page.getByRole('img', { name: t(lang, 'capturedPhoto') }).waitFor()
  await page.getByRole('button', { name: t(lang, 'usePhoto'), exact: true }).click()
  await page.locator('.ant-modal').waitFor({ state: 'hidden' })
  await page.locator('.photo-picker .ant-avatar img').waitFor()
}

/** Fills the seven steps in a language, screenshotting each; returns the member's first name. */
async function registerMember(page: Page, width: number, lang: Language): Promise<string> {
  const firstName = `Abebe${lang}${width}`
  const option = (field: string, key: string) => t(lang, `option.${field}.${key}`)
  const shot = (step: string) => screenshot(page, `registration-${lang}-${step}-${width}`)
  await page.getByRole('heading', { level: 1, name: t(lang, 'registration') }).waitFor()
  await shot('step0-empty')
  await takeCameraPhoto(page, lang)
  await page.locator('#member-first_name').fill(firstName)
  await page.locator('#member-middle_name').fill('Kebede')
  await page.locator('#member-last_name').fill('Tesfaye')
  await page.locator('#member-latin_name').fill('Abebe Kebede Tesfaye')
  await pick(page, 'member-gender', option('gender', 'male'))
  await ethiopianDate(page, 'member-date_of_birth', '1', MESKEREM[lang], '1983')
  if (lang === 'en') await page.getByText('= 11 September 1990 (Gregorian calendar)').waitFor()
  await pick(page, 'member-marital_status', option('marital_status', 'married'))
  await pick(page, 'member-job', option('job', 'engineer'), option('job', 'other'))
  await page.locator('#member-job-custom').fill('Choir director')
  await shot('step0')

  // Next refuses an incomplete step: clear a required name and see the message.
  await page.locator('#member-first_name').fill('')
  await page.locator('.registration-actions button[type=submit]').click()
  await page.getByText(t(lang, 'fieldRequired')).first().waitFor()
  await page.locator('#member-first_name').fill(firstName)
  await nextStep(page, 1)

  await page.locator('#member-phone_primary').fill('+251911000111')
  await page.locator('#member-phone_secondary').fill('0116000222')
  await page.locator('#member-email').fill('abebe@example.org')
  await page.locator('#member-street_address').fill('Bole Road 12')
  await page.locator('#member-city').fill('Addis Ababa')
  await page.locator('#member-state').fill('Addis Ababa')
  await page.locator('#member-sub_city').fill('Bole')
  await page.locator('#member-woreda').fill('03')
  await page.locator('#member-kebele').fill('12')
  await page.locator('#member-house_number').fill('1234')
  await page.locator('#member-zip_code').fill('1000')
  await page.locator('#member-emergency_contact_name').fill('Almaz Bekele')
  await page.locator('#member-emergency_contact_relationship').fill('Sister')
  await page.locator('#member-emergency_contact_phone').fill('+251911333444')
  await shot('step1')
  await nextStep(page, 2)

  await page.locator('#member-spouse_name').fill('Hanna Girma')
  await page.locator('#member-parent_guardian').fill('Kebede Tesfaye')
  await shot('step2')
  await nextStep(page, 3)

  await pick(page, 'member-membership_status', option('membership_status', 'regularAttendee'))
  await gregorianDate(page, 'member-date_joined', '2010-05-02')
  await gregorianDate(page, 'member-baptism_date', '2011-01-19')
  await page.locator('#member-baptism_location').fill('Awash river')
  await gregorianDate(page, 'member-confirmation_date', '2012-03-04')
  await page.locator('#member-previous_church').fill('Mekane Yesus Bole')
  await page.locator('#member-christian_name').fill('ገብረ ማርያም')
  await page.locator('#member-confession_father').fill('Aba Yohannes')
  await page.locator('#member-parish').fill('Bole Medhane Alem')
  await shot('step3')
  await nextStep(page, 4)

  await pick(
    page,
    'member-spiritual_gifts',
    option('spiritual_gifts', 'teacher'),
    option('spiritual_gifts', 'choir'),
  )
  await typeTags(page, 'member-spiritual_gifts', 'Calligraphy')
  await page.locator('#member-customSpiritualGifts').fill('Music, Art')
  await pick(page, 'member-current_ministries', option('current_ministries', 'sundaySchool'))
  await page.locator('#member-customCurrentMinistries').fill('Library')
  await page.locator('#member-service_interests').fill('Ushering, Cooking')
  await pick(page, 'member-volunteer_availability', option('volunteer_availability', 'weekends'))
  await shot('step4')
  await nextStep(page, 5)

  await page.locator('#member-medical_conditions').fill('Asthma')
  await page.locator('#member-allergies').fill('Peanuts, Dust')
  await page.locator('#member-special_needs').fill('Wheelchair access')
  await pick(page, 'member-highest_education', option('highest_education', 'degree'))
  await page.locator('#member-professional_skills').fill('Accounting, Teaching')
  await shot('step5')
  await nextStep(page, 6)

  await pick(page, 'member-preferred_contact_method', option('preferred_contact_method', 'sms'))
  assert.equal(await page.locator('#member-registerd_by').inputValue(), 'admin')
  await page.locator('#member-notes').fill('Joined the choir in 2012.')
  await shot('step6')
  await page.getByRole('button', { name: t(lang, 'submit'), exact: true }).click()
  await page.getByText(t(lang, 'registrationSuccessful')).waitFor()
  await shot('success')
  // Spec 4.5: after 3 s every field is back to its default on step 0.
  await page.locator('#member-first_name').waitFor({ timeout: 6000 })
  assert.equal(await page.locator('#member-first_name').inputValue(), '')
  return firstName
}

async function checkStoredMember(firstName: string) {
  const token = await apiToken(server.url)
  const res = await fetch(`${server.url}/api/members`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const members = (await res.json()) as Record<string, unknown>[]
  const member = members.find((m) => m.first_name === firstName)
  assert.ok(member, `member ${firstName} stored`)
  assert.deepEqual(
    {
      middle_name: member.middle_name,
      last_name: member.last_name,
      latin_name: member.latin_name,
      sub_city: member.sub_city,
      woreda: member.woreda,
      kebele: member.kebele,
      house_number: member.house_number,
      christian_name: member.christian_name,
      confession_father: member.confession_father,
      parish: member.parish,
      gender: member.gender,
      date_of_birth: String(member.date_of_birth).slice(0, 10),
      marital_status: member.marital_status,
      nationality: member.nationality,
      job: member.job,
      phone_primary: member.phone_primary,
      phone_secondary: member.phone_secondary,
      email: member.email,
      street_address: member.street_address,
      city: member.city,
      state: member.state,
      zip_code: member.zip_code,
      emergency_contact_name: member.emergency_contact_name,
      emergency_contact_relationship: member.emergency_contact_relationship,
      emergency_contact_phone: member.emergency_contact_phone,
      spouse_name: member.spouse_name,
      parent_guardian: member.parent_guardian,
      membership_status: member.membership_status,
      date_joined: member.date_joined,
      baptism_date: member.baptism_date,
      baptism_location: member.baptism_location,
      confirmation_date: member.confirmation_date,
      previous_church: member.previous_church,
      spiritual_gifts: member.spiritual_gifts,
      current_ministries: member.current_ministries,
      service_interests: member.service_interests,
      volunteer_availability: member.volunteer_availability,
      medical_conditions: member.medical_conditions,
      allergies: member.allergies,
      special_needs: member.special_needs,
      highest_education: member.highest_education,
      professional_skills: member.professional_skills,
      preferred_contact_method: member.preferred_contact_method,
      receive_email_notifications: member.receive_email_notifications,
      receive_sms_notifications: member.receive_sms_notifications,
      registerd_by: member.registerd_by,
      notes: member.notes,
      children_info: member.children_info,
    },
    {
      middle_name: 'Kebede',
      last_name: 'Tesfaye',
      latin_name: 'Abebe Kebede Tesfaye',
      sub_city: 'Bole',
      woreda: '03',
      kebele: '12',
      house_number: '1234',
      christian_name: 'ገብረ ማርያም',
      confession_father: 'Aba Yohannes',
      parish: 'Bole Medhane Alem',
      gender: 'male',
      // Meskerem 1, 1983 (Ethiopian) is 11 September 1990.
      date_of_birth: '1990-09-11',
      marital_status: 'married',
      nationality: 'Ethiopia',
      job: 'Engineer, Choir director',
      phone_primary: '+251911000111',
      phone_secondary: '0116000222',
      email: 'abebe@example.org',
      street_address: 'Bole Road 12',
      city: 'Addis Ababa',
      state: 'Addis Ababa',
      zip_code: '1000',
      emergency_contact_name: 'Almaz Bekele',
      emergency_contact_relationship: 'Sister',
      emergency_contact_phone: '+251911333444',
      spouse_name: 'Hanna Girma',
      parent_guardian: 'Kebede Tesfaye',
      membership_status: 'regularAttendee',
      date_joined: '2010-05-02',
      baptism_date: '2011-01-19',
      baptism_location: 'Awash river',
      confirmation_date: '2012-03-04',
      previous_church: 'Mekane Yesus Bole',
      spiritual_gifts: ['teacher', 'choir', 'Calligraphy', 'Music', 'Art'],
      current_ministries: ['sundaySchool', 'Library'],
      service_interests: ['Ushering', 'Cooking'],
      volunteer_availability: 'weekends',
      medical_conditions: ['Asthma'],
      allergies: ['Peanuts', 'Dust'],
      special_needs: 'Wheelchair access',
      highest_education: 'degree',
      professional_skills: ['Accounting', 'Teaching'],
      preferred_contact_method: 'sms',
      receive_email_notifications: true,
      receive_sms_notifications: true,
      registerd_by: 'admin',
      notes: 'Joined the choir in 2012.',
      children_info: [],
    },
  )
  assert.match(String(member.photo_path), /^uploads\//)
  const photo = await fetch(`${server.url}/${member.photo_path}`)
  assert.equal(photo.status, 200)
  assert.equal(photo.headers.get('content-type'), 'image/jpeg')
  assert.ok((await photo.arrayBuffer()).byteLength > 1000)
}

// Spec 1: the whole registration in each language; English on both widths.
for (const [lang, viewport] of [
  ['en', WIDE],
  ['en', NARROW],
  ['am', WIDE],
  ['om', NARROW],
] as const) {
  test(`registers a complete member in ${lang} with an Ethiopian birth date and a camera photo (${viewport.width}px)`, async () => {
    const { context, page } = await openPage({ viewport, language: lang })
    await signIn(page)
    await page.locator('#member-first_name').waitFor()
    const firstName = await registerMember(page, viewport.width, lang)
    await checkStoredMember(firstName)
    await context.close()
  })
}
