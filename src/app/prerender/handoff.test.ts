import { adoptPrerenderedLogin, takePrerenderedLogin } from './handoff'

/** The prerendered form as index.html's inline script leaves it in #root. */
function prerenderedForm() {
  const root = document.createElement('div')
  root.innerHTML = `<div class="login-page"><form><input id="login-username" name="username" /><input id="login-password" name="password" type="password" /><button type="submit">Login</button></form><button id="elsewhere">x</button></div>`
  document.body.append(root)
  return root
}

afterEach(() => {
  document.body.innerHTML = ''
  takePrerenderedLogin()
})

describe('handing the prerendered sign-in form over to the app', () => {
  it('has nothing to hand over when there was no prerendered form', () => {
    adoptPrerenderedLogin(document.createElement('div'))
    expect(takePrerenderedLogin()).toBeNull()
  })

  it('hands over what was typed, the field in use, once', () => {
    const root = prerenderedForm()
    adoptPrerenderedLogin(root)
    const username = root.querySelector<HTMLInputElement>('#login-username')!
    username.focus()
    username.value = 'abebe'
    // React replaces the form: the values are read from the nodes it removed.
    root.innerHTML = ''
    expect(takePrerenderedLogin()).toEqual({
      username: 'abebe',
      password: '',
      focused: 'username',
      submitted: false,
      pendingClick: null,
    })
    expect(takePrerenderedLogin()).toBeNull()
  })

  it('forgets the field when the visitor moved on to something else', () => {
    const root = prerenderedForm()
    adoptPrerenderedLogin(root)
    root.querySelector<HTMLInputElement>('#login-password')!.focus()
    root.querySelector<HTMLButtonElement>('#elsewhere')!.focus()
    expect(takePrerenderedLogin()?.focused).toBeNull()
  })

  it('reports a Login pressed before the app ran', () => {
    const root = prerenderedForm()
    root.querySelector('form')!.dataset.submitted = 'true'
    adoptPrerenderedLogin(root)
    root.querySelector<HTMLInputElement>('#login-password')!.value = 'secret'
    expect(takePrerenderedLogin()).toMatchObject({ password: 'secret', submitted: true })
  })

  it('reports which other button was pressed, by its place among the buttons', () => {
    const root = prerenderedForm()
    root.firstElementChild!.setAttribute('data-pending-click', '2')
    adoptPrerenderedLogin(root)
    expect(takePrerenderedLogin()?.pendingClick).toBe(2)
  })
})
