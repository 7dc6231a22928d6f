/**
 * npm run bench:photos: the server's resident memory while 16 worst-case photos are uploaded
 * at once: 16-bit RGBA PNGs just under the 40-megapixel limit (6320 × 6320), each a small file
 * that decodes to 320 MB of pixels. Then 16 at once over the limit (10000 × 10000), refused
 * from the header. Prints status counts, time and peak RSS (VmHWM).
 */
import sharp from 'sharp'
import { machine, startBenchServer } from './benchServer'

const AT_ONCE = 16

function png16(edge: number): Promise<Buffer> {
  return sharp({ create: { width: edge, height: edge, channels: 4, background: '#3a6c' } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer()
}

function form(photo: Buffer): FormData {
  const body = new FormData()
  const fields: Record<string, string> = {
    first_name: 'Photo',
    middle_name: 'Bench',
    last_name: 'Member',
    gender: 'Male',
    date_of_birth: '1990-05-04',
    marital_status: 'Single',
    phone_primary: '+251911234567',
    street_address: 'Bole Road 12',
    city: 'Addis Ababa',
    state: 'Addis Ababa',
    membership_status: 'member',
    highest_education: 'Degree',
    preferred_contact_method: 'SMS',
    current_ministries: '["choir"]',
  }
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  body.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png')
  return body
}

async function main() {
  const worst = await png16(6320)
  const over = await png16(10000)
  console.log(
    `photo uploads, ${AT_ONCE} at once, ${machine()}; worst case ${(worst.length / 1024).toFixed(0)} KB ` +
      `(6320 × 6320, 16-bit RGBA), over the limit ${(over.length / 1024).toFixed(0)} KB (10000 × 10000)`,
  )
  const server = await startBenchServer()
  try {
    const headers = { authorization: `Bearer ${await server.signIn()}` }
    for (const [label, photo] of [
      ['worst case', worst],
      ['over the limit', over],
    ] as const) {
      const before = server.memory()
      const started = performance.now()
      const statuses = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          fetch(`${server.url}/api/members`, { method: 'POST', headers, body: form(photo) }).then(
            async (res) => (await res.arrayBuffer(), res.status),
          ),
        ),
      )
      const codes: Record<number, number> = {}
      for (const status of statuses) codes[status] = (codes[status] ?? 0) + 1
      console.log(
        `${label}: ${JSON.stringify(codes)} in ${Math.round(performance.now() - started)} ms; ` +
          `RSS before ${before.rssMiB} MiB, peak so far ${server.memory().peakMiB} MiB, after ${server.memory().rssMiB} MiB`,
      )
    }
  } finally {
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
