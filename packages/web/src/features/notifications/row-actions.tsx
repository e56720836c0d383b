// The Change and Delete buttons of a channel or rule row, and the footer of their dialogs (the reason a
// save was refused above Cancel and the confirming button), shared by the notifications cards.
import { Alert, Button } from '@mantine/core'
import type { ReactNode } from 'react'
import { ModalActions } from '../../ui/modal-actions'

interface RowActionsProps {
  /** 'channel' or 'rule': the test ids are `${what}-edit` and `${what}-delete`. */
  what: string
  /** The question asked before deleting. */
  confirm: string
  onChange: () => void
  onDelete: () => void
  deleting: boolean
}

export function RowActions({ what, confirm, onChange, onDelete, deleting }: RowActionsProps): ReactNode {
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={onChange} data-testid={`${what}-edit`}>
        Change
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        loading={deleting}
        onClick={() => window.confirm(confirm) && onDelete()}
        data-testid={`${what}-delete`}
      >
        Delete
      </Button>
    </>
  )
}

interface DialogFooterProps {
  what: string
  problem: string | null
  confirmLabel: string
  saving: boolean
  onCancel: () => void
  onSave: () => void
}

export function DialogFooter({ what, problem, confirmLabel, saving, onCancel, onSave }: DialogFooterProps) {
  return (
    <>
      {problem ? (
        <Alert color="red" variant="light" py="xs" data-testid={`${what}-problem`}>
          {problem}
        </Alert>
      ) : null}
      <ModalActions
        onCancel={onCancel}
        onConfirm={onSave}
        confirmLabel={confirmLabel}
        loading={saving}
        testId={`${what}-save`}
      />
    </>
  )
}
