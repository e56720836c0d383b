// The modal spinners of report-page §2 Dialogs: "Operation in progress: spinner only" while a change is
// being sent, and the "Loading modal" (spinner and a short label) while the page loads what the user
// asked for. The user cannot close either: they go when the work is done. The label names the dialog
// for screen readers; the loading modal also shows it.
import { Loader, Modal, Stack, Text, VisuallyHidden } from '@mantine/core'

interface BusyModalProps {
  opened: boolean
  label: string
  kind?: 'operation' | 'loading'
}

export function BusyModal({ opened, label, kind = 'operation' }: BusyModalProps) {
  return (
    <Modal.Root
      opened={opened}
      onClose={() => undefined}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="auto"
      zIndex={500}
      data-testid={kind === 'operation' ? 'operation-in-progress' : 'loading-modal'}
    >
      <Modal.Overlay />
      <Modal.Content aria-label={label}>
        <Modal.Body>
          <Stack align="center" gap="xs" p="md" role="status">
            <Loader size="lg" />
            {kind === 'loading' ? (
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            ) : (
              <VisuallyHidden>{label}</VisuallyHidden>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
