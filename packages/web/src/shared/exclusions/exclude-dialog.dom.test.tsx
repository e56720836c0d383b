// @vitest-environment happy-dom
// The exclude dialog of a vulnerability (issue 18 item 4): opens titled by the finding, refuses a blank
// explanation, sends the exclusion once behind the operation-in-progress spinner (a second click while it
// is busy sends nothing), closes on success and shows the server's refusal.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { adviceFixture, componentFixture } from '../../testing/exclusion-fixtures'
import { deferred, renderWithProviders } from '../../testing/render'
import { ExcludeDialog } from './exclude-dialog'
import { DESCRIPTION_MESSAGE } from './exclusion-model'

const advice = adviceFixture('GHSA-1111', 'CVE-2021-23337')
const component = componentFixture([advice])

function open(onSubmit: (contents: string[], recompute: boolean) => Promise<void>, onClose = vi.fn()) {
  renderWithProviders(
    <ExcludeDialog
      advice={advice}
      component={component}
      reason="mitigated"
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  )
  return onClose
}
const explain = (value: string) =>
  fireEvent.change(screen.getByTestId('exclude-explanation'), { target: { value } })

describe('ExcludeDialog', () => {
  it('opens titled by the vulnerability and the library', () => {
    open(vi.fn())
    expect(screen.getByText('Excluding CVE-2021-23337 in lodash@4.17.4')).toBeTruthy()
  })

  it('refuses a blank explanation', () => {
    const onSubmit = vi.fn()
    open(onSubmit)
    explain('   ')
    fireEvent.click(screen.getByTestId('exclude-submit'))
    expect(screen.getByText(DESCRIPTION_MESSAGE)).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the exclusion once, busy until the answer, then closes', async () => {
    const request = deferred()
    const onSubmit = vi.fn((_contents: string[], _recompute: boolean) => request.promise)
    const onClose = open(onSubmit)
    explain('the vulnerable function is never called')
    fireEvent.click(screen.getByTestId('exclude-submit'))
    await waitFor(() => expect(screen.getByTestId('exclude-submit').hasAttribute('data-loading')).toBe(true))
    expect(screen.getByText('Sending the exclusion')).toBeTruthy()
    fireEvent.click(screen.getByTestId('exclude-submit'))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    const [contents, recompute] = onSubmit.mock.calls[0] ?? []
    expect(contents?.map((entry) => JSON.parse(entry))).toEqual([
      {
        source: 'security:advices',
        uuid: 'GHSA-1111',
        reason: 'mitigated',
        description: 'the vulnerable function is never called',
      },
    ])
    expect(recompute).toBe(false)
    request.resolve()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })

  it('shows the server refusal and stays open', async () => {
    const onClose = open(() => Promise.reject(new Error('This project is read-only')))
    explain('not reachable')
    fireEvent.click(screen.getByTestId('exclude-submit'))
    expect((await screen.findByRole('alert')).textContent).toBe('This project is read-only')
    expect(screen.getByTestId('exclude-submit').hasAttribute('data-loading')).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
  })
})
