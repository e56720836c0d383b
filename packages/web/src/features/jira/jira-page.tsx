// /account/jira: the issue-tracker integration of the account (accounts-and-api §7 "Issue tracker"; §6
// 'jira' feature, configuration for Administrators; §8 checks read 400 as false): the Jira site with a
// write-only API token and 'Check connection', and each project's Jira project, issue type and labels
// with their own check. Issues are then created from the advice cards of the project's reports.
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core'
import type { JiraAccountConfig, JiraCheck } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { failureMessage } from '../../shared/account/account-api'
import { useAccountProjects } from '../../shared/account/use-account-projects'
import { useRights } from '../../shared/account/use-rights'
import { hasJiraFeature, JIRA_QUERY_KEY, jira } from '../../shared/jira/jira-api'
import { useSession } from '../../shared/session/use-session'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { PageLoader } from '../../ui/page-loader'
import { SectionCard } from '../../ui/section-card'

function CheckResult({ result, testId }: { result: JiraCheck | null; testId: string }) {
  if (!result) return null
  return (
    <Alert color={result.valid ? 'green' : 'red'} variant="light" data-testid={testId} py="xs">
      {result.message}
    </Alert>
  )
}

export function JiraPage() {
  const { account } = useSession()
  const may = useRights()
  const accountId = account?.uuid ?? ''
  const enabled = hasJiraFeature(account?.features)
  const allowed = may('configuration', 'read')
  const config = useQuery({
    queryKey: [...JIRA_QUERY_KEY, 'config', accountId],
    queryFn: () => jira.accountConfig(accountId),
    enabled: enabled && allowed && !!accountId,
  })
  if (!enabled)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="jira-not-enabled">
        The issue-tracker integration is not part of this account's plan (feature 'jira').
      </Text>
    )
  if (!allowed)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        Only Administrators see and change the Jira configuration.
      </Text>
    )
  if (config.isError)
    return (
      <Text size="sm" c="red" ta="center" py="xl">
        The Jira configuration could not be loaded: {config.error.message}
      </Text>
    )
  if (!config.data) return <PageLoader label="Loading the Jira configuration…" />
  return (
    <Stack gap="lg">
      <SiteCard accountId={accountId} saved={config.data} mayEdit={may('configuration', 'edit')} />
      {config.data.configured ? <ProjectCard accountId={accountId} /> : null}
    </Stack>
  )
}

function SiteCard({
  accountId,
  saved,
  mayEdit,
}: {
  accountId: string
  saved: JiraAccountConfig
  mayEdit: boolean
}) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl ?? '')
  const [email, setEmail] = useState(saved.email ?? '')
  const [apiToken, setApiToken] = useState('')
  const [result, setResult] = useState<JiraCheck | null>(null)
  useEffect(() => {
    setBaseUrl(saved.baseUrl ?? '')
    setEmail(saved.email ?? '')
  }, [saved])
  const typed = { baseUrl: baseUrl.trim(), email: email.trim(), ...(apiToken ? { apiToken } : {}) }
  const save = useMutation({
    mutationFn: () => jira.setAccountConfig(accountId, typed),
    onSuccess: (next) => {
      queryClient.setQueryData([...JIRA_QUERY_KEY, 'config', accountId], next)
      setApiToken('')
      showAlert('success', 'The Jira configuration was saved.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const check = useMutation({
    mutationFn: () => jira.checkAccountConfig(accountId, typed),
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (error) => setResult({ valid: false, message: failureMessage(error) }),
  })
  const complete = typed.baseUrl !== '' && typed.email !== '' && (saved.apiTokenSet || apiToken !== '')
  return (
    <SectionCard
      title="Jira site"
      subtitle="Where issues are created, and the Jira user that creates them (an Atlassian API token)"
      testId="jira-site-card"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Site address"
            placeholder="https://your-company.atlassian.net"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
            disabled={!mayEdit}
            data-testid="jira-base-url"
          />
          <TextInput
            label="User e-mail"
            placeholder="jira-bot@your-company.com"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={!mayEdit}
            data-testid="jira-email"
          />
        </SimpleGrid>
        <PasswordInput
          label="API token"
          description={
            saved.apiTokenSet
              ? 'A token is stored and never shown again: leave empty to keep it, or type a new one.'
              : 'Create one at id.atlassian.com → Security → API tokens.'
          }
          placeholder={saved.apiTokenSet ? '•••••••• stored' : 'API token'}
          value={apiToken}
          onChange={(e) => setApiToken(e.currentTarget.value)}
          disabled={!mayEdit}
          autoComplete="new-password"
          data-testid="jira-token"
        />
        <CheckResult result={result} testId="jira-check-result" />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            {saved.updatedAt ? `Saved ${new Date(saved.updatedAt).toLocaleString()}` : 'Not configured yet'}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => check.mutate()}
              loading={check.isPending}
              disabled={!mayEdit || !complete}
              data-testid="jira-check"
            >
              Check connection
            </Button>
            <Button
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={!mayEdit || !complete}
              data-testid="jira-save"
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </SectionCard>
  )
}

function ProjectCard({ accountId }: { accountId: string }) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const projects = useAccountProjects()
  const [projectId, setProjectId] = useState<string | null>(null)
  const [projectKey, setProjectKey] = useState<string | null>(null)
  const [issueType, setIssueType] = useState<string | null>(null)
  const [labels, setLabels] = useState<string[]>([])
  const [result, setResult] = useState<JiraCheck | null>(null)
  const remote = useQuery({
    queryKey: [...JIRA_QUERY_KEY, 'remote-projects', accountId],
    queryFn: () => jira.remoteProjects(accountId),
  })
  const settings = useQuery({
    queryKey: [...JIRA_QUERY_KEY, 'project-config', accountId, projectId],
    queryFn: () => jira.projectConfig(accountId, projectId ?? ''),
    enabled: projectId !== null,
  })
  const meta = useQuery({
    queryKey: [...JIRA_QUERY_KEY, 'meta', accountId, projectKey],
    queryFn: () => jira.issueMeta(accountId, projectKey ?? ''),
    enabled: projectKey !== null,
  })
  useEffect(() => {
    setResult(null)
    if (!settings.data) return
    setProjectKey(settings.data.projectKey)
    setIssueType(settings.data.issueType)
    setLabels(settings.data.labels)
  }, [settings.data])
  const body = { projectKey: projectKey ?? '', issueType: issueType ?? '', labels }
  const save = useMutation({
    mutationFn: () => jira.setProjectConfig(accountId, projectId ?? '', body),
    onSuccess: (next) => {
      queryClient.setQueryData([...JIRA_QUERY_KEY, 'project-config', accountId, projectId], next)
      showAlert('success', 'The project now sends its issues to Jira.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const check = useMutation({
    mutationFn: () =>
      jira.checkProjectConfig(accountId, projectId ?? '', {
        projectKey: body.projectKey,
        issueType: body.issueType,
      }),
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (error) => setResult({ valid: false, message: failureMessage(error) }),
  })
  const types = (meta.data?.issueTypes ?? []).filter((t) => !t.subtask)
  const ready = projectId !== null && projectKey !== null && issueType !== null
  return (
    <SectionCard
      title="Projects"
      subtitle="Which Jira project and issue type each project's issues go to; labels are added to every issue"
      testId="jira-project-card"
    >
      <Stack gap="sm">
        {remote.isError ? (
          <Alert color="red" variant="light" py="xs">
            Jira's projects could not be listed: {remote.error.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Project"
            placeholder="Choose a project"
            searchable
            data={(projects.data ?? []).map((p) => ({ value: p.uuid, label: p.title || p.name }))}
            value={projectId}
            onChange={(value) => {
              setProjectId(value)
              setProjectKey(null)
              setIssueType(null)
              setLabels([])
            }}
            data-testid="jira-project"
          />
          <Select
            label="Jira project"
            placeholder={remote.isLoading ? 'Loading…' : 'Choose a Jira project'}
            searchable
            data={(remote.data ?? []).map((p) => ({ value: p.key, label: `${p.name} (${p.key})` }))}
            value={projectKey}
            onChange={(value) => {
              setProjectKey(value)
              setIssueType(null)
            }}
            disabled={projectId === null}
            data-testid="jira-remote-project"
          />
          <Select
            label="Issue type"
            placeholder={meta.isLoading ? 'Loading…' : 'Choose a type'}
            data={types.map((t) => ({
              value: t.name,
              label:
                t.requiredFields.length > 0 ? `${t.name} (needs ${t.requiredFields.join(', ')})` : t.name,
            }))}
            value={issueType}
            onChange={setIssueType}
            disabled={projectKey === null}
            data-testid="jira-project-issue-type"
          />
        </SimpleGrid>
        <TagsInput
          label="Labels"
          description="Added to every issue of this project; no spaces"
          value={labels}
          onChange={(next) => setLabels(next.map((l) => l.replace(/\s+/g, '-')))}
          disabled={projectId === null}
          data-testid="jira-labels"
        />
        <CheckResult result={result} testId="jira-project-check-result" />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => check.mutate()}
            loading={check.isPending}
            disabled={!ready}
            data-testid="jira-project-check"
          >
            Check
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!ready}
            data-testid="jira-project-save"
          >
            Save project settings
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  )
}
