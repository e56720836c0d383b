// The "Create Jira issue" dialog of an advice (report-page §5 "Issue-tracker issue creation"; §8 "Issue
// creation error shows in the dialog"): summary prefilled from the advice, a markdown description, the
// issue type from the Jira project's create metadata (the project's configured type first) and, when the
// type has a priority field, its priority (§5 "Summary and priority are mandatory payload fields. Default
// priority index: severity number times (allowed values count divided by 5), rounded").
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { type Advice, defaultPriorityIndex, type JiraIssue, type ReportJiraInfo } from '@sextant/contract'
import { isSdkError } from '@sextant/sdk'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { JIRA_QUERY_KEY, jira } from './jira-api'

interface JiraIssueDialogProps {
  accountId: string
  projectId: string
  reportId: string
  adviceId: string
  severity: Advice['severity']
  info: ReportJiraInfo
  initialSummary: string
  initialDescription: string
  onClose: () => void
  onCreated: (issue: JiraIssue) => void
}

const messageOf = (error: unknown) =>
  isSdkError(error) || error instanceof Error ? error.message : 'The issue could not be created.'

export function JiraIssueDialog(props: JiraIssueDialogProps) {
  const { accountId, projectId, reportId, adviceId, severity, info, onClose, onCreated } = props
  const [summary, setSummary] = useState(props.initialSummary)
  const [description, setDescription] = useState(props.initialDescription)
  const [issueType, setIssueType] = useState<string | null>(info.issueType)
  const meta = useQuery({
    queryKey: [...JIRA_QUERY_KEY, 'meta', accountId, info.projectKey],
    queryFn: () => jira.issueMeta(accountId, info.projectKey),
    staleTime: 60_000,
  })
  const types = (meta.data?.issueTypes ?? []).filter((t) => !t.subtask)
  const chosen = types.find((t) => t.name === issueType)
  const priorities = chosen?.priorities ?? []
  // The choice made here, else the severity's default for the chosen type's priorities.
  const [pickedPriority, setPriority] = useState<string | null>(null)
  const priority =
    priorities.find((p) => p.id === pickedPriority)?.id ??
    priorities[defaultPriorityIndex(severity, priorities.length)]?.id ??
    null
  const create = useMutation({
    mutationFn: () =>
      jira.createIssue(accountId, projectId, {
        reportId,
        adviceId,
        summary,
        description,
        ...(issueType ? { issueType } : {}),
        ...(priority ? { priority } : {}),
      }),
    onSuccess: onCreated,
  })
  const options = types.length > 0 ? types.map((t) => t.name) : [info.issueType]
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Create a Jira issue in ${info.projectKey}`}
      size="lg"
      closeOnClickOutside={!create.isPending}
      closeOnEscape={!create.isPending}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          create.mutate()
        }}
      >
        <Stack gap="sm" data-testid="jira-dialog">
          <TextInput
            label="Summary"
            required
            maxLength={255}
            value={summary}
            onChange={(e) => setSummary(e.currentTarget.value)}
            data-testid="jira-summary"
          />
          <Select
            label="Issue type"
            data={options}
            value={issueType}
            onChange={setIssueType}
            allowDeselect={false}
            description={
              meta.isError
                ? `The issue types could not be loaded (${messageOf(meta.error)}); the project's type is used.`
                : chosen && chosen.requiredFields.length > 0
                  ? `Jira also requires ${chosen.requiredFields.join(', ')} for this type: pick another type or fill them in Jira.`
                  : undefined
            }
            comboboxProps={{ zIndex: 400 }}
            data-testid="jira-issue-type"
          />
          {priorities.length > 0 ? (
            <Select
              label="Priority"
              required
              data={priorities.map((p) => ({ value: p.id, label: p.name }))}
              value={priority}
              onChange={setPriority}
              allowDeselect={false}
              description={`Defaults from the advice's severity (${severity})`}
              comboboxProps={{ zIndex: 400 }}
              data-testid="jira-priority"
            />
          ) : null}
          <Textarea
            label="Description"
            description="Markdown; sent to Jira as the issue's description"
            autosize
            minRows={6}
            maxRows={14}
            maxLength={32_000}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-testid="jira-description"
          />
          <Text size="xs" c="dimmed">
            Goes to {info.siteUrl} · project {info.projectKey}
          </Text>
          {create.isError ? (
            <Alert color="red" variant="light" title="The issue was not created" data-testid="jira-error">
              {messageOf(create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!summary.trim() || meta.isPending}
              data-testid="jira-create"
            >
              Create issue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
