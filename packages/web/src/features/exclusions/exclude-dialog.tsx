// The exclude dialog (report-page §2 Dialogs, §4 "Exclude dialog", §5): title from the finding,
// 'Explanation:' textarea, type-of-exclusion radio group, the global option, Cancel and Exclude. A blank
// explanation shows 'Please add a reasonable description' and sends nothing; Esc with unsaved text asks first;
// the operation-in-progress spinner shows while the exclusions are sent one after another.
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core'
import type { Advice } from '@sextant/contract'
import { useState } from 'react'
import { useReturnFocus } from '../../lib/use-return-focus'
import { BusyModal } from '../../ui/busy-modal'
import type { ComponentReport } from '../security/security-model'
import { ConfirmDialog } from './confirm-dialog'
import {
  CLOSE_CONFIRMATION,
  cveAvailable,
  EXPLANATION_PLACEHOLDER,
  type ExclusionType,
  excludeTitle,
  exclusionContents,
  explanationError,
  globalLabel,
  globalOffered,
  type SecurityReason,
} from './exclusion-model'

interface ExcludeDialogProps {
  advice: Advice
  component: ComponentReport
  reason: SecurityReason
  onClose: () => void
  onSubmit: (contents: string[]) => Promise<void>
}

export function ExcludeDialog({ advice, component, reason, onClose, onSubmit }: ExcludeDialogProps) {
  useReturnFocus()
  const [text, setText] = useState('')
  const [type, setType] = useState<ExclusionType>('advice')
  const [global, setGlobal] = useState(false)
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
      await onSubmit(exclusionContents({ type, global, advice, component, reason, description: text }))
      onClose()
    } catch (cause) {
      setServerError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <Modal
        opened
        onClose={requestClose}
        title={excludeTitle(reason, advice, component)}
        size="lg"
        data-testid="exclude-dialog"
      >
        <Stack gap="md">
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
          <Radio.Group
            label="Type of exclusion"
            value={type}
            onChange={(value) => {
              setType(value as ExclusionType)
              setGlobal(false)
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="advice" label="This vulnerability" />
              <Radio
                value="cve"
                label={`This CVE${cveAvailable(advice) ? ` (${advice.cve})` : ''}`}
                disabled={!cveAvailable(advice)}
              />
              <Radio value="library" label={`This library version (${component.dependency.version})`} />
            </Stack>
          </Radio.Group>
          {globalOffered(type, component) ? (
            <Checkbox
              label={globalLabel(type)}
              checked={global}
              onChange={(event) => setGlobal(event.currentTarget.checked)}
              data-testid="exclude-global"
            />
          ) : null}
          <Text size="xs" c="dimmed">
            Exclusions take effect in the scores when the report is recomputed.
          </Text>
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
              Exclude
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
