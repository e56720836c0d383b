// 'Request to Delete' on the executive summary of a live report (report-page §2, §4, §6, §7, §9): the
// question 'Do you want this report to be deleted?' with Yes / No; on Yes the dialog closes, the request
// is sent behind the operation-in-progress spinner, and 'Your report will be deleted' opens 800 ms later.
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { formatUtc } from '../../lib/format'
import { sdk } from '../../lib/sdk'
import { useReportContext } from '../../shared/report/report-context'
import { BusyModal } from '../../ui/busy-modal'
import {
  confirmationDelay,
  DELETE_CONFIRMED,
  DELETE_QUESTION,
  deletionRequestBody,
  emailError,
} from './delete-request-model'

type Step = { kind: 'closed' } | { kind: 'asking' } | { kind: 'sending' } | { kind: 'done'; deleteBy: string }

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function RequestDelete() {
  const { project, branch } = useReportContext()
  const [step, setStep] = useState<Step>({ kind: 'closed' })
  const [email, setEmail] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async () => {
    const problem = emailError(email)
    setError(problem)
    if (problem) return
    const closedAt = Date.now()
    setStep({ kind: 'sending' })
    try {
      const body = deletionRequestBody({
        email,
        branch,
        reason,
        website: project.url ?? window.location.href,
        hostname: window.location.hostname,
      })
      const answer = await sdk.call('deletionRequestCreate', { params: { projectId: project.uuid }, body })
      await wait(confirmationDelay(closedAt, Date.now()))
      setStep({ kind: 'done', deleteBy: answer.deleteBy })
    } catch (cause) {
      setFailure(cause instanceof Error ? cause.message : String(cause))
      setStep({ kind: 'asking' })
    }
  }
  const close = () => {
    setStep({ kind: 'closed' })
    setFailure(null)
    setError(null)
  }

  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setStep({ kind: 'asking' })}
        data-testid="request-delete"
      >
        Request to Delete
      </Button>
      <Modal
        opened={step.kind === 'asking'}
        onClose={close}
        title="Delete scan report"
        data-testid="delete-dialog"
      >
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {DELETE_QUESTION}
          </Text>
          <Text size="sm" c="dimmed">
            The report of {project.title || project.name} (branch {branch}) and its history are deleted within
            6 months, as our data terms say. We write to this address when it is done.
          </Text>
          <TextInput
            label="E-mail"
            type="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value)
              setError(null)
            }}
            error={error}
            data-testid="delete-email"
            data-autofocus
          />
          <Textarea
            label="Reason (optional)"
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="delete-error">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="delete-no">
              No
            </Button>
            <Button color="red.8" onClick={() => void submit()} data-testid="delete-yes">
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>
      <BusyModal opened={step.kind === 'sending'} label="Sending the deletion request" />
      <Modal
        opened={step.kind === 'done'}
        onClose={close}
        title={DELETE_CONFIRMED}
        data-testid="delete-confirmation"
      >
        <Stack gap="md">
          <Text size="sm">
            {DELETE_CONFIRMED}
            {step.kind === 'done' ? ` by ${formatUtc(step.deleteBy).slice(0, 10)} at the latest` : ''}. A
            confirmation goes to {email.trim()}.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-testid="delete-ok" data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
