/**
 * Browser-test support for dues: the API calls that set up funds and members, and the Dues
 * tab and payment form as a clerk uses them.
 */
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import {
  apiCall,
  apiToken,
  createMember,
  type Language,
  MEMBER_BASICS,
  navigate,
  server,
  t,
  useServerAndBrowser,
} from './support'

/** The church profile every printed paper reads: names, contact, signatory and a logo. */
async function setChurchProfile(token: string) {
  const logo = await sharp({
    create: { width: 96, height: 96, channels: 4, background: '#1f6f43' },
  })
    .png()
    .toBuffer()
  await apiCall(token, 'PUT', '/api/church', {
    name_am: 'ደብረ ሰላም ቅድስት ማርያም ቤተ ክርስቲያን',
    name_en: 'Debre Selam St Mary Church',
    name_om: 'Waldaa Kiristaanaa Qulqulleettii Maariyaam',
    address: 'Bole, Addis Ababa',
    phone: '+251 11 123 4567',
    po_box: '1234',
    signatory_name: 'ቀሲስ ገብረ ማርያም',
    signatory_title: 'ገንዘብ ያዥ',
    logo: `data:image/png;base64,${logo.toString('base64')}`,
  })
}

/** A per-member dues fund of 50.00 a month from Meskerem 2018, and a tithe fund (admin's token). */
export async function createFunds(token: string) {
  const dues = await apiCall(token, 'POST', '/api/funds', {
    kind: 'dues',
    payer: 'member',
    name_am: 'ወርሃዊ የአባልነት ክፍያ',
    name_en: 'Monthly dues',
    name_om: "Kaffaltii miseensummaa ji'aa",
  })
  await apiCall(token, 'POST', `/api/funds/${dues.id}/rates`, {
    amount: 5000,
    from_month: '2018-01',
  })
  const tithe = await apiCall(token, 'POST', '/api/funds', {
    kind: 'gift',
    name_am: 'አሥራት',
    name_en: 'Tithe',
    name_om: 'Kurnaa',
  })
  return { duesId: dues.id, titheId: tithe.id }
}

/**
 * The file's server and browser (see useServerAndBrowser), set up as every dues test starts:
 * the church profile and the funds; then `setUp` adds the file's own data with the admin's token.
 */
export function useDuesServer(
  setUp: (token: string, funds: Awaited<ReturnType<typeof createFunds>>) => Promise<void>,
) {
  useServerAndBrowser(async () => {
    const token = await apiToken(server.url)
    await setChurchProfile(token)
    await setUp(token, await createFunds(token))
  })
}

/** A member with every required field, owned by the token's account. */
export async function createDuesMember(
  token: string,
  names: { first_name: string; middle_name?: string; last_name: string },
  dateJoined = '2025-09-20',
) {
  const member = await createMember(
    {
      middle_name: 'Kebede',
      ...names,
      gender: 'male',
      date_of_birth: '1980-03-02',
      date_joined: dateJoined,
      marital_status: 'married',
      phone_primary: '+251911000461',
      ...MEMBER_BASICS,
    },
    token,
  )
  return member.id
}

export async function openDuesTab(page: Page, lang: Language, memberId: number) {
  await navigate(page, `/member/${memberId}`)
  await page.getByRole('tab', { name: t(lang, 'duesTab'), exact: true }).click()
  await page.locator('.dues-strip').waitFor()
  // The family and history cards below load on their own; a skeleton that gives way to shorter
  // content can move the tab under a press, which then lands beside its button.
  await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' })
}

/** Opens the payment form and types the amount; returns the form. */
export async function openPaymentForm(page: Page, lang: Language, amount: string) {
  await page.getByRole('button', { name: t(lang, 'paymentNew') }).click()
  const form = page.getByRole('form', { name: t(lang, 'paymentFormTitle') })
  await form.waitFor()
  await form.locator('#payment-amount').fill(amount)
  return form
}
