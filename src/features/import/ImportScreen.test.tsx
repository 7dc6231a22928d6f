import { File as NodeFile } from 'node:buffer'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import type { ImportPreview } from '../../domain'
import { storedImportPreview } from '../../testing/storedImport'
import { admin } from '../../testing/staffAccounts'

// One test walks all five steps through antd's tables and selects: slow in jsdom.
jest.setTimeout(120_000)
const SLOW = { timeout: 30_000 }
const ID = 'c'.repeat(32)

const UPLOADED = storedImportPreview({
  id: ID,
  columns: ['ስም', 'Last name', 'Phone', 'Born', 'Remarks'],
  mapping: {
    ስም: 'first_name',
    'Last name': 'last_name',
    Phone: 'phone_primary',
    Born: null,
    Remarks: null,
  },
  rows: 3,
  preview: [
    { row: 2, first_name: 'አበበ', last_name: 'ከበደ', phone_primary: '0911 234 567' },
    { row: 3, first_name: 'ሰላም', last_name: 'ታደሰ', phone_primary: '0911 000 000' },
  ],
})

const PREVIEWED: ImportPreview = {
  ...UPLOADED,
  mapping: { ...UPLOADED.mapping, Born: 'date_of_birth' },
  errors: [{ row: 4, field: 'date_of_birth', message: 'invalidDate' }],
  duplicates: [{ row: 3, member_id: 41, other_row: null, reason: 'same_name_and_phone' }],
  household_changes: [
    {
      household_id: 7,
      household: 'Abebe family',
      field: 'family_status',
      old: 'active',
      new: 'archived',
    },
  ],
}

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/stats', { json: {} })
  server.on('GET', /^\/api\/imports\/progress\//, { status: 404, json: { success: false } })
  server.on('POST', '/api/imports', { json: UPLOADED })
  server.on('POST', `/api/imports/${ID}/preview`, { json: PREVIEWED })
  server.on('POST', `/api/imports/${ID}/commit`, {
    json: { created: 1, updated: 1, skipped: 0, refused: 1 },
  })
  server.on('GET', `/api/imports/${ID}/report`, {
    body: 'xlsx',
    headers: { 'content-disposition': 'attachment; filename="abal-import-refused-rows.xlsx"' },
  })
  server.on('GET', '/api/imports/template', {
    body: 'xlsx',
    headers: { 'content-disposition': 'attachment; filename="abal-import-template-am.xlsx"' },
  })
  URL.createObjectURL = jest.fn(() => 'blob:download')
  URL.revokeObjectURL = jest.fn()
})
afterEach(() => server.restore())

// Node's File: the FormData RTK Query builds here is Node's too (jest-fixed-jsdom).
const csv = (name = 'register.csv', size?: number) => {
  const file = new NodeFile(['ስም,Last name\nአበበ,ከበደ\n'], name, { type: 'text/csv' })
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size })
  return file as unknown as File
}

async function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  fireEvent.change(input, { target: { files: [file] } })
}

// Text queries, not role queries: computing every element's role and name on each poll is
// slow in jsdom with antd's tables and selects on the page.
const button = (name: string | RegExp) =>
  screen.getByText(name, { selector: 'button, button span' }).closest('button')!
const findButton = async (name: string | RegExp) =>
  (await screen.findByText(name, { selector: 'button, button span' }, SLOW)).closest('button')!

const posts = (path: string) =>
  server.requests.filter((r) => r.method === 'POST' && r.path === path)

/** Holds a POST's answer until the returned function is called, as a long check or commit. */
function holdPost(path: string, json: unknown): () => void {
  let answer = () => {}
  server.on(
    'POST',
    path,
    () =>
      new Promise((resolve) => {
        answer = () => resolve({ json })
      }),
  )
  return () => answer()
}

const reportProgress = (json: { phase: string; done: number; total: number }) =>
  server.on('GET', /^\/api\/imports\/progress\//, { json })

/** The server's figures on screen, asked for with the token the waiting call was sent with. */
async function expectServerProgress(percent: string, text: string, call: string) {
  const bar = await screen.findByRole('progressbar', { name: 'Progress on the server' }, SLOW)
  expect(bar).toHaveAttribute('aria-valuenow', percent)
  expect(screen.getByText(text)).toBeVisible()
  const token = (posts(call)[0].body as { progress: string }).progress
  const polls = server.requests.filter((r) => r.path.startsWith('/api/imports/progress/'))
  expect(polls.at(-1)?.path).toBe(`/api/imports/progress/${token}`)
}

describe('ImportScreen', () => {
  it('walks upload → columns → preview → import → report', async () => {
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    // English UI: dates are read as Gregorian unless the user says otherwise.
    const ethiopian = screen.getByLabelText('Dates in this file are Ethiopian calendar dates')
    expect(ethiopian).not.toBeChecked()
    fireEvent.click(ethiopian)
    await chooseFile(csv())

    // Columns: the server's matches are shown, and a column can be given a field.
    await screen.findByText('Match the columns', { selector: 'h1, h2' }, SLOW)
    const upload = posts('/api/imports')[0]
    expect((upload.body as FormData).get('calendar')).toBe('ethiopian')
    expect(((upload.body as FormData).get('file') as File).name).toBe('register.csv')
    expect(upload.headers.get('authorization')).toMatch(/^Bearer /)
    expect(screen.getByText(/3 rows; 3 of 5 columns will be imported/)).toBeInTheDocument()
    const born = screen.getByLabelText('Born')
    fireEvent.mouseDown(born)
    fireEvent.change(born, { target: { value: 'Date of b' } })
    fireEvent.click(await screen.findByTitle('Date of birth'))
    await screen.findByText(/4 of 5 columns/)
    fireEvent.click(button('Check the rows'))

    // Preview: counts, the row's error in the wizard's words, the duplicate and its choice.
    await screen.findByText('Check the rows', { selector: 'h1, h2' }, SLOW)
    expect(posts(`/api/imports/${ID}/preview`)[0].body).toEqual({
      mapping: { ...UPLOADED.mapping, Born: 'date_of_birth' },
      value_map: {},
      notes_columns: [],
      column_calendars: {},
      progress: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    const errors = screen.getByText('Rows with errors', { selector: 'h1, h2, h3' })
    expect(errors).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid date')).toBeInTheDocument()
    expect(screen.getByText('Same name and phone')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Registered member no. 41' })).toHaveAttribute(
      'href',
      '/member/41',
    )
    // 3 rows, 1 with an error, 1 duplicate skipped by default: 1 to import.
    expect(button('Import 1 row')).toBeEnabled()
    expect(screen.queryByText('Changes to registered households')).toBeNull()
    fireEvent.click(screen.getByLabelText(/Update the registered member/))
    // "Update" also writes the joined households' filled fields: which, and old → new.
    const changed = (await screen.findByText('Changes to registered households'))
      .nextElementSibling!.nextElementSibling as HTMLElement
    expect(within(changed).getByRole('link', { name: 'Abebe family' })).toHaveAttribute(
      'href',
      '/households/7',
    )
    expect(within(changed).getByText('Household status')).toBeInTheDocument()
    expect(within(changed).getByText('Active').tagName).toBe('DEL')
    expect(within(changed).getByText('Archived').tagName).toBe('INS')
    fireEvent.click(button('Import 2 rows'))

    // Report: the counts, and the refused rows as a download with the token in a header.
    await screen.findByText('Report', { selector: 'h1, h2' }, SLOW)
    expect(posts(`/api/imports/${ID}/commit`)[0].body).toEqual({
      mapping: PREVIEWED.mapping,
      value_map: {},
      notes_columns: [],
      column_calendars: {},
      on_duplicate: 'update',
      progress: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    const figures = screen.getByText('Refused').closest('.import-figures') as HTMLElement
    expect(within(figures).getByText('Registered').previousSibling).toHaveTextContent('1')
    expect(within(figures).getByText('Refused').previousSibling).toHaveTextContent('1')
    fireEvent.click(button('Download refused rows'))
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled())
    const report = server.requests.find((r) => r.path === `/api/imports/${ID}/report`)!
    expect(report.search.get('lang')).toBe('en')
    expect(report.headers.get('authorization')).toMatch(/^Bearer /)
    expect(report.request.url).not.toMatch(/token|Bearer/i)
    expect(report.search.get('format')).toBe('xlsx')
    // The same rows as CSV, the choice beside the workbook.
    fireEvent.click(button('Download refused rows as CSV (.csv)'))
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === `/api/imports/${ID}/report`)).toHaveLength(2),
    )
    const csvReport = server.requests.filter((r) => r.path === `/api/imports/${ID}/report`)[1]
    expect(csvReport.search.get('format')).toBe('csv')
    expect(csvReport.search.get('lang')).toBe('en')

    fireEvent.click(button('Import another file'))
    await screen.findByText('Choose a file', { selector: 'h1, h2' })
  })

  it('shows the row errors in Amharic with the wizard’s message ids', async () => {
    renderRoute('/import', { signedInAs: admin, language: 'am', calendar: 'ethiopian' })
    await screen.findByText('አባላትን ከፋይል ማስገባት', { selector: 'h1, h2' }, SLOW)
    // A reader of Ethiopian dates: the file's text dates are read in that calendar too.
    expect(screen.getByLabelText('በዚህ ፋይል ያሉት ቀኖች በኢትዮጵያ ዘመን አቆጣጠር ናቸው')).toBeChecked()
    await chooseFile(csv())
    fireEvent.click(await findButton('ረድፎችን ይፈትሹ'))
    expect(await screen.findByText('እባክዎ ትክክለኛ ቀን ያስገቡ', undefined, SLOW)).toBeInTheDocument()
    expect(screen.getByText('ተመሳሳይ ስምና ስልክ')).toBeInTheDocument()
    expect((posts('/api/imports')[0].body as FormData).get('calendar')).toBe('ethiopian')
  })

  it('refuses another file type or a file over 10 MB before sending it', async () => {
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv('photo.pdf'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only .xlsx and .csv files can be imported.',
    )
    await chooseFile(csv('big.csv', 10 * 1024 * 1024 + 1))
    expect(await screen.findByText(/larger than 10 MB/)).toBeInTheDocument()
    expect(posts('/api/imports')).toHaveLength(0)
  })

  it('says what the server refused, translated, and stays on the upload step', async () => {
    server.on('POST', '/api/imports', {
      status: 400,
      json: { success: false, message: 'The file is empty: its first sheet has no rows' },
    })
    renderRoute('/import', { signedInAs: admin, language: 'om' })
    await screen.findByText('Miseensota faayilii irraa galchuu', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())
    expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent(
      'Faayilii dubbisuun hin danda’amne'.replace('’', "'"),
    )
    expect(screen.getByText('Faayilii filachuu', { selector: 'h1, h2, h3' })).toBeInTheDocument()
  })

  it('offers a start again when the import has expired', async () => {
    server.on('POST', `/api/imports/${ID}/preview`, {
      status: 404,
      json: { success: false, message: 'Import not found' },
    })
    renderRoute('/import', { signedInAs: admin })
    await chooseFile(csv())
    fireEvent.click(await findButton('Check the rows'))
    const alert = await screen.findByRole('alert', undefined, SLOW)
    expect(alert).toHaveTextContent(/expired/)
    fireEvent.click(within(alert).getByRole('button', { name: 'Start again' }))
    await screen.findByText('Choose a file', { selector: 'h1, h2' })
  })

  it('shows the upload as a percentage, then that the server is checking the rows', async () => {
    let release = () => {}
    server.uploadGate = new Promise((resolve) => (release = resolve))
    let answer = () => {}
    server.on(
      'POST',
      '/api/imports',
      () => new Promise((resolve) => (answer = () => resolve({ json: UPLOADED }))),
    )
    renderRoute('/import', { signedInAs: admin, language: 'am' })
    await screen.findByText('ፋይል መምረጥ', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())

    const bar = await screen.findByRole('progressbar', { name: 'የመስቀል ሂደት' }, SLOW)
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(
      screen.getByText('register.csv እየተሰቀለ ነው፦ 40%', { selector: '[aria-hidden]' }),
    ).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('register.csv እየተሰቀለ ነው፦ 40%')
    // No second file while one is going up.
    expect(document.querySelector('input[type="file"]')).toBeDisabled()

    release()
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'))
    expect(screen.getByRole('status')).toHaveTextContent(
      'register.csv ተሰቅሏል። አገልጋዩ ረድፎቹን እየመረመረ ነው…',
    )
    answer()
    await screen.findByText('አምዶችን ማዛመድ', { selector: 'h1, h2' }, SLOW)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('warns, on the columns step, when no column holds the given name', async () => {
    server.on('POST', '/api/imports', {
      json: { ...UPLOADED, mapping: { ...UPLOADED.mapping, ስም: null } },
    })
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())
    const note = await screen.findByText(
      'No column holds Given name: every row will be refused without it.',
      {},
      SLOW,
    )
    expect(note.closest('.ant-alert')).toHaveClass('ant-alert-warning', 'import-alert')
  })

  it('names the household statuses a refused household status cell may hold', async () => {
    server.on('POST', `/api/imports/${ID}/preview`, {
      json: {
        ...PREVIEWED,
        errors: [{ row: 4, field: 'family_status', message: 'invalidValue', value: 'Gone' }],
      },
    })
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())
    fireEvent.click(await findButton('Check the rows'))
    expect(
      await screen.findByText(/“Gone”.*Active, Moved away, Archived/, undefined, SLOW),
    ).toBeVisible()
  })

  it('proposes one name column as the full name and says how it is split', async () => {
    server.on('POST', '/api/imports', {
      json: storedImportPreview({
        id: ID,
        columns: ['ሙሉ ስም', 'Phone'],
        mapping: { 'ሙሉ ስም': 'full_name', Phone: null },
        rows: 1,
        preview: [{ row: 2, first_name: 'አበበ', middle_name: 'ከበደ', last_name: 'ተስፋዬ' }],
      }),
    })
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())
    await screen.findByText('Match the columns', { selector: 'h1, h2' }, SLOW)
    const select = screen.getByLabelText('ሙሉ ስም')
    expect(select.closest('.ant-select')!.querySelector('.ant-select-content')).toHaveTextContent(
      'Full name',
    )
    const hint = screen.getByText(/^Split at the spaces: given name, father's name/)
    expect(select).toHaveAttribute('aria-describedby', hint.id)
    // The full name holds the given and father's name: no column is missing.
    expect(screen.queryByText(/^No column holds/)).not.toBeInTheDocument()

    // Another column can be given the full name: the hint moves with it.
    const phone = screen.getByLabelText('Phone')
    fireEvent.mouseDown(phone)
    fireEvent.change(phone, { target: { value: 'Full' } })
    const options = await screen.findAllByTitle('Full name')
    fireEvent.click(options.find((option) => option.matches('.ant-select-item-option'))!)
    await waitFor(() => expect(select).not.toHaveAttribute('aria-describedby'))
    expect(phone).toHaveAttribute('aria-describedby', screen.getByText(/^Split at the spaces/).id)
  })

  it('offers a birthday’s parts, and starts the values step from ChurchCRM’s codes', async () => {
    const columns = [
      'per_FirstName',
      'per_BirthYear',
      'per_BirthMonth',
      'per_BirthDay',
      'per_Gender',
    ]
    const uploaded = storedImportPreview({
      id: ID,
      columns,
      mapping: {
        per_FirstName: 'first_name',
        per_BirthYear: 'birth_year',
        per_BirthMonth: 'birth_month',
        per_BirthDay: 'birth_day',
        per_Gender: 'gender',
      },
      rows: 2,
      preview: [{ row: 2, first_name: 'Abebe', date_of_birth: '1970-03-15', gender: 'male' }],
    })
    const proposed = { per_Gender: { 1: 'male', 2: 'female' } }
    server.on('POST', '/api/imports', { json: { ...uploaded, value_map: proposed } })
    const values = [
      { value: '1', count: 1 },
      { value: '2', count: 1 },
    ]
    server.on('POST', `/api/imports/${ID}/preview`, {
      json: {
        ...uploaded,
        value_map: proposed,
        values: [{ column: 'per_Gender', field: 'gender', values, accepted: ['male', 'female'] }],
      },
    })
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())
    await screen.findByText('Match the columns', { selector: 'h1, h2' }, SLOW)
    const shown = (column: string) =>
      screen.getByLabelText(column).closest('.ant-select')!.querySelector('.ant-select-content')
    expect(shown('per_BirthYear')).toHaveTextContent('Birth year')
    expect(shown('per_BirthMonth')).toHaveTextContent('Birth month')
    expect(shown('per_BirthDay')).toHaveTextContent('Day of the birth month')

    fireEvent.click(button('Check the rows'))
    await screen.findByText('Values and dates', { selector: 'h1, h2' }, SLOW)
    expect(posts(`/api/imports/${ID}/preview`)[0].body).toMatchObject({ value_map: proposed })
    // ChurchCRM's meaning is chosen, and still the clerk's to change.
    for (const [value, label] of [
      ['1', 'Male'],
      ['2', 'Female'],
    ]) {
      const select = screen.getByLabelText(`Meaning of “${value}” in per_Gender`)
      expect(select.closest('.ant-select')!.querySelector('.ant-select-content')).toHaveTextContent(
        label,
      )
    }
  })

  it('lists a refused row that is also a duplicate, outside the duplicates to decide on', async () => {
    server.on('POST', `/api/imports/${ID}/preview`, {
      json: {
        ...PREVIEWED,
        duplicates: [
          { row: 4, member_id: 7, other_row: null, reason: 'same_name_and_phone', refused: true },
        ],
      },
    })
    renderRoute('/import', { signedInAs: admin })
    await chooseFile(csv())
    fireEvent.click(await findButton('Check the rows'))
    await screen.findByText('Check the rows', { selector: 'h1, h2' }, SLOW)
    expect(
      screen.getByText(
        'Refused for an error as well: once corrected, it may still be a duplicate.',
      ),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Registered member no. 7' })).toBeVisible()
    // Nothing to decide for it: it is not imported either way.
    expect(screen.queryByText('What to do with duplicates')).not.toBeInTheDocument()
    const figures = screen.getByText('Possible duplicates', { selector: '.import-figure-label' })
    expect(figures.previousSibling).toHaveTextContent('0')
    expect(button('Import 2 rows')).toBeEnabled()
  })

  it('shows how many rows the server has stored while it commits', async () => {
    const answer = holdPost(`/api/imports/${ID}/commit`, {
      created: 2,
      updated: 0,
      skipped: 0,
      refused: 1,
    })
    reportProgress({ phase: 'storing', done: 120, total: 240 })
    renderRoute('/import', { signedInAs: admin })
    await chooseFile(csv())
    fireEvent.click(await findButton('Check the rows'))
    fireEvent.click(await findButton('Import 1 row'))

    await expectServerProgress('50', 'Storing rows: 120 of 240', `/api/imports/${ID}/commit`)
    answer()
    await screen.findByText('Report', { selector: 'h1, h2' }, SLOW)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('shows how many rows the server has checked while it checks them again', async () => {
    const answer = holdPost(`/api/imports/${ID}/preview`, PREVIEWED)
    reportProgress({ phase: 'checking', done: 750, total: 1000 })
    renderRoute('/import', { signedInAs: admin })
    await screen.findByText('Import members', { selector: 'h1, h2' }, SLOW)
    await chooseFile(csv())
    fireEvent.click(await findButton('Check the rows'))

    await expectServerProgress('75', 'Checking rows: 750 of 1000', `/api/imports/${ID}/preview`)
    answer()
    expect(await findButton('Import 1 row')).toBeEnabled()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('downloads the template in the chosen language', async () => {
    renderRoute('/import', { signedInAs: admin, language: 'am' })
    fireEvent.click(await findButton(/ቅጹን ያውርዱ/))
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled())
    const call = server.requests.find((r) => r.path === '/api/imports/template')!
    expect(call.search.get('lang')).toBe('am')
    // The headers name the calendar the tick says (unticked: the spec's Gregorian default).
    expect(call.search.get('calendar')).toBe('gregorian')
    expect(call.headers.get('authorization')).toMatch(/^Bearer /)
  })

  it('is not offered to auditors', async () => {
    renderRoute('/import', { signedInAs: { id: 3, username: 'aud', role: 'auditor' } })
    expect(
      await screen.findByText('Your role may view members but not import them.', undefined, SLOW),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Import$/ })).not.toBeInTheDocument()
    expect(document.querySelector('input[type="file"]')).toBeNull()
  })

  it('is in the menu for staff who may import', async () => {
    const width = window.innerWidth
    window.innerWidth = 1280 // the desktop top bar, whose navigation holds the entries
    try {
      const { router } = renderRoute('/import', { signedInAs: admin })
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, SLOW)
      fireEvent.click(within(nav).getByRole('button', { name: /Import/ }))
      expect(router.state.location.pathname).toBe('/import')
    } finally {
      window.innerWidth = width
    }
  })
})
