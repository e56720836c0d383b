// The close-confirmation of the licence dialogs (report-page §2 Dialogs "Close-confirmation dialog",
// §8 'Are you sure you want to close the modal? …'): Esc or Cancel with unsaved changes asks first.

import { CLOSE_CONFIRMATION } from '../../shared/exclusions/exclusion-model'
import { ConfirmDialog } from '../../ui/confirm-dialog'

export function CloseConfirmation({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title="Close the dialog?"
      message={CLOSE_CONFIRMATION}
      confirmLabel="Close anyway"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  )
}
