// A confirmation with a static backdrop (report-page §2 Dialogs: confirm removal of a mitigation,
// all-versions warning, close-confirmation): the message, Cancel and a confirm button.
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useReturnFocus } from '../lib/use-return-focus'

interface ConfirmDialogProps {
  title: string
  message: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
  busy?: boolean
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onCancel,
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  useReturnFocus()
  return (
    <Modal
      opened
      onClose={onCancel}
      title={title}
      closeOnClickOutside={false}
      data-testid="confirm-dialog"
      zIndex={400}
    >
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={busy} data-testid="confirm-submit">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
