import { installMockServer, type MockServer } from '../../testing/mockServer'
import { setupStore } from '../../testing/renderWithProviders'
import { idcardApi } from './idcardApi'

let server: MockServer
beforeEach(() => {
  server = installMockServer()
})
afterEach(() => server.restore())

function fetchPhoto() {
  const { store } = setupStore({ signedInAs: { id: 1, username: 'admin' } })
  return store.dispatch(idcardApi.endpoints.getIdCardPhoto.initiate('/uploads/p.jpg')).unwrap()
}

describe('getIdCardPhoto', () => {
  it('answers an image as a data URL of its bytes and type', async () => {
    server.on('GET', '/uploads/p.jpg', {
      body: new Uint8Array(120).fill(255),
      headers: { 'content-type': 'image/jpeg; charset=binary' },
    })
    const dataUrl = await fetchPhoto()
    expect(dataUrl).toMatch(/^data:image\/jpeg;base64,\/\/\/\//)
    expect(server.requests).toHaveLength(1)
  })
})
