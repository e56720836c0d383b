// @vitest-environment happy-dom
// The delete-request dialog (issue 18 item 4): opens on 'Request to Delete', checks the e-mail before
// sending, sends the request through the SDK behind the operation-in-progress spinner, confirms with the
// deadline, and on a refusal reopens the question with the server's message.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportContext, type ReportContextValue } from '../../shared/report/report-context'
import { deferred, renderWithProviders } from '../../testing/render'
import { DELETE_QUESTION } from './delete-request-model'
import { RequestDelete } from './request-delete'

const call = vi.hoisted(() => vi.fn())
vi.mock('../../lib/sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/sdk')>()),
  sdk: { call },
}))

const context = {
  project: { uuid: 'p-1', name: 'shop', title: 'Shop', url: 'https://shop.example' },
  branch: 'main',
} as unknown as ReportContextValue

function openDialog() {
  renderWithProviders(
    <ReportContext.Provider value={context}>
      <RequestDelete />
    </ReportContext.Provider>,
  )
  fireEvent.click(screen.getByTestId('request-delete'))
}
const typeEmail = (value: string) =>
  fireEvent.change(screen.getByTestId('delete-email'), { target: { value } })

describe('RequestDelete', () => {
  beforeEach(() => {
    call.mockReset()
  })

  it('opens with the question', () => {
    openDialog()
    expect(screen.getByText(DELETE_QUESTION)).toBeTruthy()
    expect(screen.getByTestId('delete-dialog')).toBeTruthy()
  })

  it('checks the e-mail before sending anything', () => {
    openDialog()
    fireEvent.click(screen.getByTestId('delete-yes'))
    expect(screen.getByText('Enter the e-mail address we should confirm the deletion to.')).toBeTruthy()
    typeEmail('nobody')
    fireEvent.click(screen.getByTestId('delete-yes'))
    expect(screen.getByText("'nobody' is not an e-mail address.")).toBeTruthy()
    expect(call).not.toHaveBeenCalled()
  })

  it('sends the request behind the spinner, then confirms with the deadline', async () => {
    const answer = deferred<{ deleteBy: string }>()
    call.mockReturnValue(answer.promise)
    openDialog()
    typeEmail(' owner@shop.example ')
    fireEvent.click(screen.getByTestId('delete-yes'))
    expect(call).toHaveBeenCalledWith('deletionRequestCreate', {
      params: { projectId: 'p-1' },
      body: expect.objectContaining({
        email: 'owner@shop.example',
        branch: 'main',
        website: 'https://shop.example',
      }),
    })
    expect(await screen.findByText('Sending the deletion request')).toBeTruthy()
    expect(screen.queryByTestId('delete-yes')).toBeNull()
    answer.resolve({ deleteBy: '2027-05-01T10:00:00Z' })
    const confirmation = await screen.findByText(/by 2027-05-01 at the latest/, {}, { timeout: 10_000 })
    expect(confirmation.textContent).toContain('A confirmation goes to owner@shop.example')
  })

  it('reopens the question with the server refusal', async () => {
    call.mockRejectedValue(new Error('A deletion request for this branch is already open'))
    openDialog()
    typeEmail('owner@shop.example')
    fireEvent.click(screen.getByTestId('delete-yes'))
    await waitFor(() =>
      expect(screen.getByTestId('delete-error').textContent).toBe(
        'A deletion request for this branch is already open',
      ),
    )
    expect(screen.getByText(DELETE_QUESTION)).toBeTruthy()
  })
})
