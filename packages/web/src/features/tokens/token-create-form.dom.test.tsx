// @vitest-environment happy-dom
// Creating an API token (issue 18 item 4, an account form): the button waits for a name, the request goes
// through the SDK's accountsApi with the button busy until it settles, the secret is shown once, and the
// server's refusal appears as an error alert.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deferred, renderWithProviders } from '../../testing/render'
import { TokenCreateForm } from './token-create-form'

const createToken = vi.hoisted(() => vi.fn())
vi.mock('../../shared/account/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/account/account-api')>()),
  accountApi: { createToken },
}))

const button = () => screen.getByTestId('token-create') as HTMLButtonElement
const typeName = (value: string) => fireEvent.change(screen.getByTestId('token-name'), { target: { value } })

describe('TokenCreateForm', () => {
  beforeEach(() => {
    createToken.mockReset()
  })

  it('opens with the create button waiting for a name', () => {
    renderWithProviders(<TokenCreateForm accountId="acc-1" onCreated={vi.fn()} />)
    expect(button().disabled).toBe(true)
    typeName('   ')
    expect(button().disabled).toBe(true)
    typeName('CI pipeline')
    expect(button().disabled).toBe(false)
  })

  it('creates the token once, busy until the answer, then shows its secret', async () => {
    const answer = deferred<{ name: string; token: string }>()
    createToken.mockReturnValue(answer.promise)
    const onCreated = vi.fn()
    renderWithProviders(<TokenCreateForm accountId="acc-1" onCreated={onCreated} />)
    typeName(' CI pipeline ')
    fireEvent.click(button())
    await waitFor(() => expect(button().hasAttribute('data-loading')).toBe(true))
    fireEvent.click(button())
    expect(createToken).toHaveBeenCalledTimes(1)
    expect(createToken).toHaveBeenCalledWith('acc-1', 'CI pipeline', undefined)
    answer.resolve({ name: 'CI pipeline', token: 'sxt_0123456789' })
    expect((await screen.findByTestId('token-secret')).textContent).toBe('sxt_0123456789')
    expect(onCreated).toHaveBeenCalledTimes(1)
    expect((screen.getByTestId('token-name') as HTMLInputElement).value).toBe('')
  })

  it('shows the server refusal as an error alert', async () => {
    createToken.mockRejectedValue(new Error('Only Administrators create tokens'))
    const onCreated = vi.fn()
    renderWithProviders(<TokenCreateForm accountId="acc-1" onCreated={onCreated} />)
    typeName('CI pipeline')
    fireEvent.click(button())
    expect(await screen.findByText('Only Administrators create tokens')).toBeTruthy()
    expect(button().hasAttribute('data-loading')).toBe(false)
    expect(screen.queryByTestId('token-secret')).toBeNull()
    expect(onCreated).not.toHaveBeenCalled()
  })
})
