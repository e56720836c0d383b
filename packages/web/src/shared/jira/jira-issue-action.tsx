// The advice card's Jira action (report-page §2 "Actions" tab; §5 "Issue-tracker issue creation: on
// success the dialog closes, a loading modal shows, the page reloads, and 'Jira issue created
// successfully' shows for 10 s; the loading modal hides 500 ms after reload"; §6 'jira' feature). An
// advice that has an issue links to it instead.
import { Anchor, Badge, Button, Group, Text } from '@mantine/core'
import {
  type Advice,
  JIRA_LOADER_HIDE_MS,
  JIRA_SUCCESS_MS,
  jiraMessages,
  type ReportJiraInfo,
} from '@sextant/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { BusyModal } from '../../ui/busy-modal'
import { JIRA_QUERY_KEY } from './jira-api'
import { JiraIssueDialog } from './jira-issue-dialog'

/** The link to an advice's Jira issue (report-page §3 Advice.jira). */
export function JiraIssueBadge({ issue }: { issue: NonNullable<Advice['jira']> }) {
  return (
    <Anchor
      href={issue.url}
      target="_blank"
      rel="noopener noreferrer"
      underline="never"
      data-testid="jira-link"
    >
      <Badge variant="light" color="indigo" size="sm" style={{ cursor: 'pointer', textTransform: 'none' }}>
        Jira {issue.key}
      </Badge>
    </Anchor>
  )
}

interface JiraIssueActionProps {
  advice: Advice
  accountId: string
  projectId: string
  reportId: string
  info: ReportJiraInfo
  summary: string
  description: string
}

export function JiraIssueAction(props: JiraIssueActionProps) {
  const { advice, accountId, projectId, reportId, info } = props
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [open, setOpen] = useState(false)
  const [reloading, setReloading] = useState(false)
  const reload = async () => {
    setOpen(false)
    setReloading(true)
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: ['report', projectId] }),
        queryClient.invalidateQueries({ queryKey: [...JIRA_QUERY_KEY, 'issues', projectId] }),
      ])
    } finally {
      showAlert('success', jiraMessages.created, JIRA_SUCCESS_MS)
      setTimeout(() => setReloading(false), JIRA_LOADER_HIDE_MS)
    }
  }
  // The loading modal stays mounted when the reloaded advice comes back with its issue.
  const loader = <BusyModal opened={reloading} label="Loading the report…" kind="loading" />
  if (advice.jira)
    return (
      <Group gap={6}>
        <Text size="sm">Jira issue</Text>
        <JiraIssueBadge issue={advice.jira} />
        {loader}
      </Group>
    )
  return (
    <>
      <Button size="xs" variant="light" color="indigo" onClick={() => setOpen(true)} data-testid="jira-open">
        Create Jira issue
      </Button>
      {open ? (
        <JiraIssueDialog
          accountId={accountId}
          projectId={projectId}
          reportId={reportId}
          adviceId={advice.id}
          severity={advice.severity}
          info={info}
          initialSummary={props.summary}
          initialDescription={props.description}
          onClose={() => setOpen(false)}
          onCreated={() => void reload()}
        />
      ) : null}
      {loader}
    </>
  )
}
