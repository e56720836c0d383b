// @vitest-environment happy-dom
// The triage dialog (issue 18 item 4): opens with its title, refuses an excluding state without a detail
// and a malformed expiry, sends the analysis with the save button busy until the request settles, closes
// on success and shows the server's refusal.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { deferred, renderWithProviders } from '../../testing/render'
import { DETAIL_REQUIRED, TriageDialog } from './triage-dialog'

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('TriageDialog', () => {
  it('opens titled by the number of findings', () => {
    renderWithProviders(<TriageDialog count={3} onClose={vi.fn()} onSubmit={vi.fn()} />)
    expect(screen.getByText('Analysis of 3 findings')).toBeTruthy()
    expect(screen.getByTestId('triage-justification')).toBeTruthy()
  })

  it('asks for a detail and a well-written expiry before sending anything', () => {
    const onSubmit = vi.fn()
    renderWithProviders(<TriageDialog count={1} onClose={vi.fn()} onSubmit={onSubmit} />)
    fireEvent.click(screen.getByTestId('triage-save'))
    expect(screen.getByTestId('triage-error').textContent).toBe(DETAIL_REQUIRED)
    type('triage-detail', 'not reachable')
    type('triage-expires', '31.12.2027')
    fireEvent.click(screen.getByTestId('triage-save'))
    expect(screen.getByTestId('triage-error').textContent).toBe('Write the expiry date as YYYY-MM-DD.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the analysis, busy until the answer, then closes', async () => {
    const request = deferred()
    const onSubmit = vi.fn(() => request.promise)
    const onClose = vi.fn()
    renderWithProviders(<TriageDialog count={2} onClose={onClose} onSubmit={onSubmit} />)
    type('triage-detail', '  the code path is never called  ')
    type('triage-expires', '2027-12-31')
    fireEvent.click(screen.getByTestId('triage-save'))
    expect(onSubmit).toHaveBeenCalledWith({
      state: 'not_affected',
      justification: null,
      responses: [],
      detail: 'the code path is never called',
      expires: '2027-12-31',
    })
    await waitFor(() => expect(screen.getByTestId('triage-save').hasAttribute('data-loading')).toBe(true))
    expect(onClose).not.toHaveBeenCalled()
    request.resolve()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })

  it('shows the server refusal and stays open', async () => {
    const onClose = vi.fn()
    const onSubmit = vi.fn(() => Promise.reject(new Error('Only Maintainers triage findings')))
    renderWithProviders(<TriageDialog count={1} onClose={onClose} onSubmit={onSubmit} />)
    type('triage-detail', 'not reachable')
    fireEvent.click(screen.getByTestId('triage-save'))
    await waitFor(() =>
      expect(screen.getByTestId('triage-error').textContent).toBe('Only Maintainers triage findings'),
    )
    expect(screen.getByTestId('triage-save').hasAttribute('data-loading')).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
  })
})
