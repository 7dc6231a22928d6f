// Issue 25 in the browser: an admin creates an auditor, who must choose a password and then
// reads without write buttons; an admin deletes and restores a member, and the history shows it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  addUser,
  apiCall,
  apiToken,
  createMember,
  loseFirstAnswer,
  navigate,
  openPage,
  pickOption,
  screenshot,
  server,
  signIn,
  submitLogin,
  t,
  useServerAndBrowser,
  waitShowingPage,
  WIDE,
} from './support'

let memberId: number

const MEMBER = { first_name: 'Almaz', middle_name: 'Kebede', last_name: 'Tesfaye' }
const MEMBER_NAME = 'Almaz Kebede Tesfaye'
/** The rest of what a registration requires, the same for each member made here. */
const REQUIRED = {
  gender: 'female',
  marital_status: 'single',
  city: 'Addis Ababa',
  state: 'Addis Ababa',
  membership_status: 'member',
  highest_education: 'degree',
  preferred_contact_method: 'call',
  current_ministries: JSON.stringify(['choir']),
}

useServerAndBrowser(async () => {
  const member = await createMember({
    ...MEMBER,
    ...REQUIRED,
    date_of_birth: '1990-05-17',
    phone_primary: '+251 911 000 321',
    email: 'almaz@example.org',
    street_address: 'Bole Road 12',
  })
  memberId = member.id
})

test('an admin creates an auditor, who changes the password and reads without write buttons', async () => {
  const { context: admin, page } = await openPage({ viewport: WIDE, language: 'en' })
  await signIn(page)
  // The office menu leads to Accounts.
  await page.getByRole('button', { name: t('en', 'office') }).click()
  await page.getByRole('menuitem', { name: t('en', 'accounts') }).click()
  await page.waitForURL(/\/accounts$/)
  await page.getByRole('button', { name: t('en', 'addAccount') }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(t('en', 'username')).fill('board')
  await dialog.getByRole('combobox', { name: t('en', 'role') }).click()
  await page.getByTitle(t('en', 'roleAuditor')).click()
  await dialog.getByRole('button', { name: t('en', 'addAccount') }).click()
  const shown = page.getByTestId('temporary-password')
  await shown.waitFor()
  const temporary = (await shown.innerText()).trim()
  assert.match(temporary, /^[A-HJ-NP-Za-km-z2-9]{13}$/)
  await screenshot(page, 'accounts-temporary-password-en-1280')
  await page.getByRole('button', { name: t('en', 'done') }).click()
  const row = page.getByRole('row', { name: /board/ })
  await row.getByText(t('en', 'mustChangePasswordTag')).waitFor()
  await admin.close()

  const { context: auditor, page: reader } = await openPage({ viewport: WIDE, language: 'en' })
  await reader.goto(`${server.url}/login`)
  await submitLogin(reader, 'board', temporary)
  await reader.waitForURL(/\/account\/password$/)
  await reader.getByText(t('en', 'mustChangePasswordNotice')).waitFor()
  // The one-time password just typed is not asked for a second time (issue 42).
  await reader.locator('#password-next').waitFor()
  assert.equal(await reader.locator('#password-current').count(), 0)
  await reader.locator('#password-next').fill('the board reads it all')
  await reader.locator('#password-repeat').fill('the board reads it all')
  await reader
    .locator('#main')
    .getByRole('button', { name: t('en', 'changePassword') })
    .click()
  await reader.waitForURL(/\/members/)
  const table = reader.getByRole('table')
  await table.getByText(MEMBER_NAME).waitFor()
  await table.getByRole('columnheader', { name: t('en', 'columnOwner') }).waitFor()
  assert.equal(await reader.getByRole('button', { name: t('en', 'registration') }).count(), 0)
  assert.equal(await table.getByRole('button', { name: /Edit/ }).count(), 0)
  await table.getByText(MEMBER_NAME).click()
  await reader.getByRole('heading', { name: MEMBER_NAME }).waitFor()
  await reader.getByRole('button', { name: t('en', 'generateIdCard') }).waitFor()
  for (const id of ['edit', 'transfer', 'deleteMember']) {
    assert.equal(await reader.getByRole('button', { name: t('en', id), exact: true }).count(), 0)
  }
  await screenshot(reader, 'profile-auditor-en-1280')
  await auditor.close()
})

test('an Add account whose answer was lost, pressed again, shows a password that works', async () => {
  const { context: admin, page } = await openPage({ viewport: WIDE, language: 'en' })
  await signIn(page)
  await navigate(page, '/accounts')
  const sent = await loseFirstAnswer(page, '**/api/admin/users')
  await page.getByRole('button', { name: t('en', 'addAccount') }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(t('en', 'username')).fill('deacon')
  const add = dialog.getByRole('button', { name: t('en', 'addAccount') })
  await add.click()
  // The account was made, but the browser never heard so: the same press again.
  await page.waitForFunction(() => !document.querySelector('.ant-modal .ant-btn-loading'))
  assert.equal(await page.getByTestId('temporary-password').count(), 0)
  await add.click()
  const shown = page.getByTestId('temporary-password')
  await shown.waitFor()
  const temporary = (await shown.innerText()).trim()
  assert.equal(sent(), 2)
  await page.getByRole('button', { name: t('en', 'done') }).click()
  assert.equal(await page.getByRole('row', { name: /deacon/ }).count(), 1)
  await admin.close()

  const { context: clerk, page: deacon } = await openPage({ viewport: WIDE, language: 'en' })
  await deacon.goto(`${server.url}/login`)
  await submitLogin(deacon, 'deacon', temporary)
  await deacon.waitForURL(/\/account\/password$/)
  await clerk.close()
})

test('a clerk’s Transfer whose answer was lost, pressed again, ends as done', async () => {
  await addUser(server.dataDir, 'tigist-clerk', 'tigist-clerk-password')
  await addUser(server.dataDir, 'meron-office', 'meron-office-password')
  const tigist = await apiToken(server.url, 'tigist-clerk', 'tigist-clerk-password')
  const member = await createMember(
    {
      first_name: 'Kidist',
      middle_name: 'Alemu',
      last_name: 'Bekele',
      ...REQUIRED,
      date_of_birth: '1994-02-11',
      phone_primary: '+251 911 000 654',
      street_address: 'Piassa 4',
    },
    tigist,
  )
  const { context, page } = await openPage({ viewport: WIDE, language: 'en' })
  try {
    await signIn(page, server.url, 'tigist-clerk', 'tigist-clerk-password')
    await navigate(page, `/member/${member.id}`)
    await page.getByRole('button', { name: t('en', 'transfer'), exact: true }).click()
    const dialog = page.getByRole('dialog', { name: t('en', 'transferMember'), exact: true })
    await pickOption(page, 'transfer-user-select', 'meron-office')
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' })
    const sent = await loseFirstAnswer(page, `**/api/members/transfer/${member.id}`)
    const press = dialog.getByRole('button', { name: t('en', 'transfer'), exact: true })
    await press.click()
    // The member is meron-office's by now, and no longer the clerk's to read: the same press.
    await dialog.locator('.ant-alert-error').waitFor()
    await press.click()
    await page.waitForURL(/\/members$/)
    await page
      .getByText(t('en', 'transferSuccess', { memberName: 'Kidist Alemu Bekele' }))
      .waitFor()
    assert.equal(sent(), 2)
    const meron = await apiToken(server.url, 'meron-office', 'meron-office-password')
    // Once made: meron-office reads the member, the clerk no longer does.
    const hers = await apiCall<{ first_name: string }>(meron, 'GET', `/api/members/${member.id}`)
    assert.equal(hers.first_name, 'Kidist')
    const gone = await fetch(`${server.url}/api/members/${member.id}`, {
      headers: { authorization: `Bearer ${tigist}` },
    })
    assert.equal(gone.status, 404)
  } finally {
    await context.close()
  }
})

test('an admin deletes a member, restores it, and the history shows both', async () => {
  const { context, page } = await openPage({ viewport: WIDE, language: 'en' })
  await signIn(page)
  await navigate(page, `/member/${memberId}`)
  await page.getByRole('heading', { name: MEMBER_NAME }).waitFor()
  await page.getByRole('button', { name: t('en', 'deleteMember'), exact: true }).click()
  const confirm = page.getByRole('dialog')
  await confirm.getByText(t('en', 'deleteConfirm'), { exact: true }).waitFor()
  await confirm.getByRole('button', { name: t('en', 'delete'), exact: true }).click()
  await page.waitForURL(/\/members/)
  // The list, empty now, has loaded: its arrival effects are done and cannot replace the next
  // address with /members.
  await page.getByText(t('en', 'noMembersFound')).waitFor()

  await navigate(page, '/deleted-members')
  const row = page.getByRole('row', { name: new RegExp(MEMBER_NAME) })
  await waitShowingPage(page, row)
  await screenshot(page, 'deleted-members-en-1280')
  await row.getByRole('button', { name: t('en', 'restoreNamed', { name: MEMBER_NAME }) }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('en', 'restore') })
    .click()
  await page.getByText(t('en', 'deletedMembersEmpty')).waitFor()

  await navigate(page, `/member/${memberId}`)
  await page.getByRole('heading', { name: MEMBER_NAME }).waitFor()
  const history = page.getByRole('list', { name: t('en', 'history') })
  await history.getByText(t('en', 'action.member_restore'), { exact: true }).waitFor()
  await history.getByText(t('en', 'action.member_delete'), { exact: true }).waitFor()
  await history.getByText(t('en', 'action.member_create'), { exact: true }).waitFor()
  await screenshot(page, 'profile-history-en-1280')

  await navigate(page, `/history?member_id=${memberId}`)
  const audit = page.getByRole('list', { name: t('en', 'history') })
  await audit.getByText(t('en', 'action.member_restore'), { exact: true }).waitFor()
  // The list can show its newest entry before the older ones, and a cached page while it
  // fetches: wait for one deletion and for the fetch to end, then count them.
  const deletions = audit.getByText(t('en', 'action.member_delete'), { exact: true })
  await deletions.first().waitFor()
  await page.locator('[aria-busy="false"]').filter({ has: audit }).waitFor()
  assert.equal(await deletions.count(), 1)
  await context.close()
})

test('an admin hands a departing clerk’s members over and removes the account', async () => {
  const token = await apiToken(server.url)
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    assert.ok(res.ok, `${method} ${url}: ${res.status} ${text}`)
    return text ? (JSON.parse(text) as unknown) : undefined
  }
  const created = (await call('POST', '/api/admin/users', { username: 'departing' })) as {
    user: { id: number }
  }
  const accounts = (await call('GET', '/api/admin/users')) as { id: number; username: string }[]
  const adminId = accounts.find((a) => a.username === 'admin')!.id
  // The departing clerk owns the admin's member for now.
  const { moved } = (await call('POST', `/api/admin/users/${adminId}/transfer-members`, {
    target_user_id: created.user.id,
  })) as { moved: number }
  assert.ok(moved >= 1)

  const { context, page } = await openPage({ viewport: WIDE, language: 'en' })
  await signIn(page)
  await navigate(page, '/accounts')
  const row = page.getByRole('row', { name: /departing/ })
  await row
    .getByRole('button', { name: t('en', 'removeAccountOf', { username: 'departing' }) })
    .click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText(/departing owns \d+ members?\. An account that owns members/).waitFor()
  await dialog.getByRole('combobox', { name: t('en', 'transferAllTo') }).click()
  await page.getByTitle('admin', { exact: true }).click()
  await dialog.getByRole('button', { name: /^Transfer \d+ members?$/ }).click()
  await dialog.getByText(/members? (was|were) transferred to admin\./).waitFor()
  await screenshot(page, 'accounts-transferred-en-1280')
  await dialog.getByRole('button', { name: t('en', 'removeAccount'), exact: true }).click()
  await page.getByText(t('en', 'accountRemoved', { username: 'departing' })).waitFor()
  await row.waitFor({ state: 'detached' })
  // The members are the admin's again, and the history names the removal.
  const after = (await call('GET', '/api/admin/users')) as {
    username: string
    member_count: number
  }[]
  assert.equal(after.find((a) => a.username === 'admin')?.member_count, moved)
  assert.equal(after.filter((a) => a.username === 'departing').length, 0)
  await navigate(page, '/history?action=account_remove')
  await page
    .getByRole('list', { name: t('en', 'history') })
    .getByText(t('en', 'action.account_remove'), { exact: true })
    .waitFor()
  await context.close()
})
