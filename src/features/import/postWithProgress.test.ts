import { sessionExpired } from '../../app/sessionEvents'
import { TOKEN_KEY } from '../../app/api'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { postWithProgress } from './postWithProgress'

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  localStorage.setItem(TOKEN_KEY, 'the-token')
})
afterEach(() => {
  server.restore()
  localStorage.clear()
})

function call(signal = new AbortController().signal) {
  const dispatch = jest.fn()
  const progress: number[] = []
  const form = new FormData()
  form.append('calendar', 'gregorian')
  const answer = postWithProgress('/api/imports', form, { signal, dispatch }, (loaded, total) =>
    progress.push(Math.round((loaded / total) * 100)),
  )
  return { answer, dispatch, progress }
}

describe('postWithProgress', () => {
  it('sends the token, reports the upload and answers with the JSON body', async () => {
    server.on('POST', '/api/imports', { json: { id: 'x' } })
    const { answer, progress } = call()
    expect(await answer).toEqual({ data: { id: 'x' } })
    expect(progress).toEqual([40, 100])
    expect(server.requests[0].headers.get('authorization')).toBe('Bearer the-token')
    expect((server.requests[0].body as FormData).get('calendar')).toBe('gregorian')
  })

  it('answers a refusal as fetchBaseQuery does, and ends the session on a 401', async () => {
    server.on('POST', '/api/imports', { status: 413, json: { success: false, message: 'big' } })
    const refused = call()
    expect(await refused.answer).toEqual({
      error: { status: 413, data: { success: false, message: 'big' } },
    })
    expect(refused.dispatch).not.toHaveBeenCalled()
    server.on('POST', '/api/imports', { status: 401, json: { success: false, message: 'no' } })
    const expired = call()
    expect(await expired.answer).toMatchObject({ error: { status: 401 } })
    expect(expired.dispatch).toHaveBeenCalledWith(sessionExpired())
  })

  it('answers FETCH_ERROR when the server cannot be reached or the call is aborted', async () => {
    server.on('POST', '/api/imports', 'network-error')
    expect(await call().answer).toMatchObject({ error: { status: 'FETCH_ERROR' } })
    let release = () => {}
    server.uploadGate = new Promise((resolve) => (release = resolve))
    const controller = new AbortController()
    const pending = call(controller.signal)
    controller.abort()
    release()
    expect(await pending.answer).toMatchObject({ error: { status: 'FETCH_ERROR' } })
  })
})
