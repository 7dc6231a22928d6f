import { screen, waitFor } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import RegistrationScreen from './RegistrationScreen'

// Counts the renders of the step's fields: each render of the screen renders them anew.
const mockStepRendered = jest.fn()
jest.mock('./RegistrationSteps', () => {
  const actual = jest.requireActual('./RegistrationSteps')
  const { createElement } = jest.requireActual('react')
  return {
    ...actual,
    RegistrationStep: (props: { step: number; username: string }) => {
      mockStepRendered()
      return createElement(actual.RegistrationStep, props)
    },
  }
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/users', {
    json: [
      { id: 1, username: 'admin' },
      { id: 2, username: 'selam' },
    ],
  })
  mockStepRendered.mockClear()
})
afterEach(() => server.restore())

describe('registration screen (spec 2.5)', () => {
  it('fetches the user list when it opens, without drawing the form again for it', async () => {
    const { store } = renderRoute('/registration', {
      signedInAs: { id: 1, username: 'admin' },
      routes: [{ path: '/registration', element: <RegistrationScreen /> }],
    })
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Registration')
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getUsers' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    )
    expect(server.requests.filter((request) => request.path === '/api/users')).toHaveLength(1)
    // The request's pending and fulfilled states changed nothing the screen shows.
    expect(mockStepRendered).toHaveBeenCalledTimes(1)
  })
})
