// The copyright edit dialog (report-page §2 Dialogs "Copyright edit dialog", §5 copyright rules, §8
// "Copyright load or save server errors: message in a red alert for 5 s"): loads the library's text
// (spinner until loaded), Confirm stores the new text and closes; Esc with unsaved text asks first.
import { Checkbox, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core'
import { licencesApi } from '@sextant/sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { sdk } from '../../lib/sdk'
import { copyrightError } from '../../shared/licences/licence-fix-model'
import type { LicensingResult } from '../../shared/report/licensing-model'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { ModalActions } from '../../ui/modal-actions'
import { CloseConfirmation } from './close-confirmation'

const licences = licencesApi(sdk)

export function CopyrightDialog({ result, onClose }: { result: LicensingResult; onClose: () => void }) {
  const { showAlert } = useAlerts()
  const client = useQueryClient()
  const [allVersions, setAllVersions] = useState(false)
  const library = {
    language: result.library.language,
    name: result.library.name,
    version: allVersions ? '*' : result.version,
  }
  // loads again when the library (or the all-versions choice) changes
  const stored = useQuery({
    queryKey: ['copyright', library.language, library.name, library.version],
    queryFn: () => licences.copyright(library),
  })
  // what the user typed; until then the stored text (null while it loads)
  const [edited, setEdited] = useState<string | null>(null)
  const text = edited ?? stored.data ?? null
  const [error, setError] = useState<string | null>(null)
  const [confirmClose, setConfirmClose] = useState(false)
  const [sending, setSending] = useState(false)

  const saved = stored.data ?? ''
  const dirty = text !== null && text.trim() !== '' && text.trim() !== saved.trim()
  const requestClose = () => (dirty ? setConfirmClose(true) : onClose())
  const confirm = async () => {
    const problem = copyrightError(text ?? '', saved)
    setError(problem)
    if (problem) return
    setSending(true)
    try {
      await licences.setCopyright(library, (text ?? '').trim())
      await client.invalidateQueries({ queryKey: ['copyright', library.language, library.name] })
      showAlert('success', 'Copyright saved. It shows in the next report and its downloads.')
      onClose()
    } catch (cause) {
      showAlert('error', cause instanceof Error ? cause.message : String(cause))
      setSending(false)
    }
  }

  return (
    <>
      <Modal
        opened
        onClose={requestClose}
        title={`Edit copyright of ${result.library.displayName} ${result.version}`}
        size="lg"
        data-testid="copyright-dialog"
      >
        {text === null ? (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="Loading the copyright" />
          </Group>
        ) : (
          <Stack gap="md">
            <Textarea
              label="Copyright"
              description="The notice shown for this library in reports, the licence bible and SBOM downloads."
              placeholder="Copyright (c) 2024 The authors"
              autosize
              minRows={3}
              maxRows={10}
              value={text}
              onChange={(event) => {
                setEdited(event.currentTarget.value)
                setError(null)
              }}
              error={error}
              data-testid="copyright-text"
              data-autofocus
            />
            <Checkbox
              label={`For all versions of ${result.library.displayName}`}
              checked={allVersions}
              onChange={(e) => {
                setAllVersions(e.currentTarget.checked)
                setEdited(null)
              }}
              data-testid="copyright-all-versions"
            />
            <Text size="xs" c="dimmed">
              The text applies from the next report; recompute to see it in this one.
            </Text>
            <ModalActions
              onCancel={requestClose}
              onConfirm={confirm}
              confirmLabel="Confirm"
              loading={sending}
              testId="copyright-confirm"
            />
          </Stack>
        )}
      </Modal>
      {confirmClose ? (
        <CloseConfirmation onCancel={() => setConfirmClose(false)} onConfirm={onClose} />
      ) : null}
    </>
  )
}
