// What every exclude dialog shares (report-page §2 Dialogs "Exclude dialog", §5): the 'Explanation:'
// textarea with its placeholder and the 'Please add a reasonable description' check, the server's refusal,
// Cancel and the submit button, the close-confirmation on Esc with unsaved text, and the operation-in-progress
// spinner while the entries are sent. The dialogs put their own choices between the textarea and the buttons.
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { useReturnFocus } from '../../lib/use-return-focus'
import { BusyModal } from '../../ui/busy-modal'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { CLOSE_CONFIRMATION, EXPLANATION_PLACEHOLDER, explanationError } from './exclusion-model'

interface FrameProps {
  title: string
  testId: string
  submitLabel: string
  /** Above the explanation (the libraries a dialog excludes). */
  header?: ReactNode
  /** The dialog's own choices, below the explanation. */
  children: ReactNode
  onClose: () => void
  /** Sends the exclusions with the trimmed-checked explanation; a throw shows its message in the dialog. */
  onSubmit: (description: string) => Promise<void>
}

export function ExclusionDialogFrame({
  title,
  testId,
  submitLabel,
  header,
  children,
  onClose,
  onSubmit,
}: FrameProps) {
  useReturnFocus()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [confirmClose, setConfirmClose] = useState(false)
  const [sending, setSending] = useState(false)

  const requestClose = () => (text.trim() !== '' ? setConfirmClose(true) : onClose())
  const submit = async () => {
    const problem = explanationError(text)
    setError(problem)
    if (problem) return
    setSending(true)
    try {
      await onSubmit(text)
      onClose()
    } catch (cause) {
      setServerError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <Modal opened onClose={requestClose} title={title} size="lg" data-testid={testId}>
        <Stack gap="md">
          {header}
          <Textarea
            label="Explanation:"
            placeholder={EXPLANATION_PLACEHOLDER}
            autosize
            minRows={3}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            data-testid="exclude-explanation"
            data-autofocus
          />
          {children}
          {serverError ? (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={sending} data-testid="exclude-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <BusyModal opened={sending} label="Sending the exclusion" />
      {confirmClose ? (
        <ConfirmDialog
          title="Close the dialog?"
          message={CLOSE_CONFIRMATION}
          confirmLabel="Close anyway"
          onCancel={() => setConfirmClose(false)}
          onConfirm={onClose}
        />
      ) : null}
    </>
  )
}
