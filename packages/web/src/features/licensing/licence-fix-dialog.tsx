// The licence fix dialog (report-page §2 Dialogs "License fix dialog", §4 "License fix", §5, §8):
// 'Current Licenses:' badges with a remove control, the licence search select, Add, the checkboxes,
// Cancel and Confirm. Changes stay local until Confirm; partial failures go to the global alert.
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack } from '@mantine/core'
import { licencesApi } from '@sextant/sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { sdk } from '../../lib/sdk'
import {
  addLicence,
  changeSet,
  FIX_ERROR_MS,
  failureAlertHtml,
  hasChanges,
  type LicenceChangeSet,
  licenceFixMessages,
  removeLicence,
  reportedLicences,
  requestsFor,
  targetLicences,
} from '../../shared/licences/licence-fix-model'
import { LicenceSearchSelect } from '../../shared/licences/licence-search-select'
import type { LicensingResult } from '../../shared/report/licensing-model'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { ModalActions } from '../../ui/modal-actions'
import { CloseConfirmation } from './close-confirmation'
import { CurrentLicences } from './licence-fix-current'

const licences = licencesApi(sdk)

interface LicenceFixDialogProps {
  result: LicensingResult
  onClose: () => void
  /** Asks for a recompute so the fix shows in the report (the fix applies to future reports). */
  onRecompute: () => void
}

export function LicenceFixDialog({ result, onClose, onRecompute }: LicenceFixDialogProps) {
  const { showGlobalAlert, showAlert } = useAlerts()
  const client = useQueryClient()
  const library = { language: result.library.language, name: result.library.name, version: result.version }
  const stored = useQuery({
    queryKey: ['licence-fix', library.language, library.name, library.version],
    queryFn: () => licences.licences(library),
  })
  const [set, setSet] = useState<LicenceChangeSet | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [allVersions, setAllVersions] = useState(false)
  const [recompute, setRecompute] = useState(true)
  const [confirmClose, setConfirmClose] = useState(false)
  const [sending, setSending] = useState(false)

  // the licences shown first: the library's fix, else what the report found
  useEffect(() => {
    if (stored.data && !set)
      setSet(changeSet(stored.data.licences.length > 0 ? stored.data.licences : reportedLicences(result)))
  }, [stored.data, set, result])
  useEffect(() => {
    if (!error) return
    const timer = setTimeout(() => setError(null), FIX_ERROR_MS)
    return () => clearTimeout(timer)
  }, [error])

  const dirty = set !== null && hasChanges(set)
  const requestClose = () => (dirty ? setConfirmClose(true) : onClose())
  const add = () => {
    if (!set) return
    const next = addLicence(set, selected)
    setError(next.error)
    setSet(next.set)
    if (!next.error) setSelected(null)
  }
  const confirm = async () => {
    if (!set) return
    if (!hasChanges(set)) {
      setError(licenceFixMessages.noChanges)
      return
    }
    setSending(true)
    try {
      const target = { ...library, version: allVersions ? '*' : library.version }
      // what the server holds for the chosen versions decides which calls turn it into the target list
      const held = (await licences.licences(target)).licences
      const outcome = await licences.applyLicenceChanges(target, requestsFor(held, targetLicences(set)))
      await client.invalidateQueries({ queryKey: ['licence-fix', library.language, library.name] })
      const alert = failureAlertHtml(outcome.notAdded, outcome.notDeleted)
      if (alert) showGlobalAlert(alert)
      else
        showAlert(
          'success',
          'Licenses updated. They apply to the next report of every project using this library.',
        )
      if (recompute && (outcome.added.length > 0 || outcome.removed.length > 0)) onRecompute()
      onClose()
    } catch (cause) {
      showGlobalAlert(
        `<p>${licenceFixMessages.failed}</p><p>${cause instanceof Error ? cause.message : ''}</p>`,
      )
      setSending(false)
    }
  }

  return (
    <>
      <Modal
        opened
        onClose={requestClose}
        title={`Edit licenses of ${result.library.displayName} ${result.version}`}
        size="lg"
        data-testid="licence-fix-dialog"
      >
        {!set ? (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="Loading the licenses" />
          </Group>
        ) : (
          <Stack gap="md">
            <CurrentLicences set={set} onRemove={(id) => setSet(removeLicence(set, id))} />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <div style={{ flex: 1 }}>
                <LicenceSearchSelect value={selected} onChange={setSelected} testId="licence-fix-search" />
              </div>
              <Button variant="default" onClick={add} data-testid="licence-fix-add">
                Add
              </Button>
            </Group>
            <Stack gap={6}>
              <Checkbox
                label={`Apply to all versions of ${result.library.displayName}`}
                checked={allVersions}
                onChange={(e) => setAllVersions(e.currentTarget.checked)}
                data-testid="licence-fix-all-versions"
              />
              <Checkbox
                label="Recompute the report afterwards"
                checked={recompute}
                onChange={(e) => setRecompute(e.currentTarget.checked)}
                data-testid="licence-fix-recompute"
              />
            </Stack>
            {error ? (
              <Alert color="red" variant="light" role="alert" data-testid="licence-fix-error">
                {error}
              </Alert>
            ) : null}
            <ModalActions
              onCancel={requestClose}
              onConfirm={confirm}
              confirmLabel="Confirm"
              loading={sending}
              testId="licence-fix-confirm"
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
