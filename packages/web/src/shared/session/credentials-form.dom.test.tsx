// @vitest-environment happy-dom
// The sign-in form on the mutation-form hook (issue 18 item 4): busy while the login runs, the spec's
// message on a refusal (accounts-and-api §8), which goes after 5 s (§9) and tells onFailure both times.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deferred, renderWithProviders } from '../../testing/render'
import { CredentialsForm } from './credentials-form'
import { LOGIN_ERROR_MESSAGE, LOGIN_ERROR_MS } from './sign-in-rules'

const login = vi.hoisted(() => vi.fn())
vi.mock('../account/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../account/account-api')>()),
  accountApi: { login },
}))

function fill() {
  fireEvent.change(screen.getByTestId('sign-in-email'), { target: { value: 'ana@example.org' } })
  fireEvent.change(screen.getByTestId('sign-in-password'), { target: { value: 'secret-password' } })
  fireEvent.click(screen.getByTestId('sign-in-submit'))
}

describe('CredentialsForm', () => {
  beforeEach(() => {
    login.mockReset()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('signs in once, busy until the answer', async () => {
    const answer = deferred<{ token: string }>()
    login.mockReturnValue(answer.promise)
    const onAnswer = vi.fn(async () => undefined)
    renderWithProviders(<CredentialsForm onAnswer={onAnswer} />)
    fill()
    await waitFor(() => expect(screen.getByTestId('sign-in-submit').hasAttribute('data-loading')).toBe(true))
    fireEvent.click(screen.getByTestId('sign-in-submit'))
    expect(login).toHaveBeenCalledTimes(1)
    expect(login).toHaveBeenCalledWith('ana@example.org', 'secret-password')
    answer.resolve({ token: 't' })
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ token: 't' }, 'ana@example.org'))
  })

  it('shows the refusal for 5 s and tells onFailure when it shows and goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    login.mockRejectedValue(new Error('401'))
    const onFailure = vi.fn()
    renderWithProviders(<CredentialsForm onAnswer={vi.fn()} onFailure={onFailure} />)
    fill()
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(LOGIN_ERROR_MESSAGE)
    expect(onFailure).toHaveBeenLastCalledWith(true)
    act(() => vi.advanceTimersByTime(LOGIN_ERROR_MS))
    await waitFor(() => expect(screen.queryByTestId('sign-in-error')).toBeNull())
    expect(onFailure).toHaveBeenLastCalledWith(false)
  })
})
