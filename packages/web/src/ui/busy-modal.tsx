// The "Operation in progress" dialog of report-page §2 Dialogs: a spinner only, shown while a change is
// being sent; the user cannot close it, it goes when the work is done. The label is for screen readers.
import { Loader, Modal } from '@mantine/core'

export function BusyModal({ opened, label }: { opened: boolean; label: string }) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="auto"
      zIndex={500}
      aria-label={label}
      data-testid="operation-in-progress"
    >
      <Loader size="lg" m="md" role="status" aria-label={label} />
    </Modal>
  )
}
