// The bottom row of a form dialog: Cancel and the confirming button, right-aligned. Generic: labels
// and handlers come from the caller.
import { Button, Group } from '@mantine/core'

interface ModalActionsProps {
  onCancel: () => void
  onConfirm: () => void
  confirmLabel: string
  loading?: boolean
  testId?: string
}

export function ModalActions({ onCancel, onConfirm, confirmLabel, loading, testId }: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onConfirm} loading={loading} data-testid={testId}>
        {confirmLabel}
      </Button>
    </Group>
  )
}
