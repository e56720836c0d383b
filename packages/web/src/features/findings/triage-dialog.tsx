// Bulk triage of the selected findings (issue 19 "Analysis states"): state, justification (only for
// not_affected), responses, detail and an expiry date. A state that excludes the finding needs a detail
// (report-page §5 'Please add a reasonable description'); the change counts after the next recompute.
import { Alert, Modal, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import {
  type AnalysisJustification,
  type AnalysisResponse,
  analysisJustificationSchema,
  analysisResponseSchema,
  type FindingAnalysisInput,
  findingStateSchema,
} from '@sextant/contract'
import { useState } from 'react'
import { useReturnFocus } from '../../lib/use-return-focus'
import { ModalActions } from '../../ui/modal-actions'

const label = (value: string) => value.replaceAll('_', ' ')
const EXCLUDING = new Set(['resolved', 'false_positive', 'not_affected'])
export const DETAIL_REQUIRED = 'Please add a reasonable description'

interface TriageDialogProps {
  count: number
  onClose: () => void
  onSubmit: (analysis: FindingAnalysisInput) => Promise<void>
}

export function TriageDialog({ count, onClose, onSubmit }: TriageDialogProps) {
  useReturnFocus()
  const [state, setState] = useState<FindingAnalysisInput['state']>('not_affected')
  const [justification, setJustification] = useState<AnalysisJustification | null>(null)
  const [responses, setResponses] = useState<AnalysisResponse[]>([])
  const [detail, setDetail] = useState('')
  const [expires, setExpires] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const submit = async () => {
    if (EXCLUDING.has(state) && detail.trim() === '') return setError(DETAIL_REQUIRED)
    if (expires !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(expires))
      return setError('Write the expiry date as YYYY-MM-DD.')
    setSending(true)
    setError(null)
    try {
      await onSubmit({
        state,
        justification: state === 'not_affected' ? justification : null,
        responses,
        detail: detail.trim(),
        expires: expires === '' ? null : expires,
      })
      onClose()
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setSending(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title={`Analysis of ${count} finding${count === 1 ? '' : 's'}`} size="lg">
      <Stack gap="sm" data-testid="triage-dialog">
        <Select
          label="State"
          data={findingStateSchema.options.map((value) => ({ value, label: label(value) }))}
          value={state}
          onChange={(value) => value && setState(value as FindingAnalysisInput['state'])}
          allowDeselect={false}
          data-testid="triage-state"
        />
        {state === 'not_affected' ? (
          <Select
            label="Justification"
            placeholder="Why it does not affect this project"
            data={analysisJustificationSchema.options.map((value) => ({ value, label: label(value) }))}
            value={justification}
            onChange={(value) => setJustification(value as AnalysisJustification | null)}
            clearable
            data-testid="triage-justification"
          />
        ) : null}
        <MultiSelect
          label="Response"
          data={analysisResponseSchema.options.map((value) => ({ value, label: label(value) }))}
          value={responses}
          onChange={(value) => setResponses(value as AnalysisResponse[])}
          clearable
          data-testid="triage-responses"
        />
        <Textarea
          label="Detail"
          placeholder="Please add a reasonable description of your action"
          autosize
          minRows={3}
          value={detail}
          onChange={(event) => setDetail(event.currentTarget.value)}
          data-testid="triage-detail"
        />
        <TextInput
          label="Expires"
          description="After this day the exclusion stops applying and the findings count again."
          placeholder="YYYY-MM-DD"
          value={expires}
          onChange={(event) => setExpires(event.currentTarget.value)}
          data-testid="triage-expires"
        />
        {EXCLUDING.has(state) ? (
          <Text size="xs" c="dimmed">
            This state excludes the findings: scores change after the next recompute.
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" data-testid="triage-error">
            {error}
          </Alert>
        ) : null}
        <ModalActions
          onCancel={onClose}
          onConfirm={submit}
          confirmLabel="Save analysis"
          loading={sending}
          testId="triage-save"
        />
      </Stack>
    </Modal>
  )
}
