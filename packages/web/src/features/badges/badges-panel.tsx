// The three badges of a branch with their Markdown / HTML snippets (report-page §3 Badges), shared by the
// badges page and the report page's Badges dialog. Private projects' snippets carry the project's badge
// key (GET /api/v2/badges/:projectId, members who can see the project).
import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { Project } from '@sextant/contract'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'
import { BadgeImage } from './badge-image'
import {
  BADGE_DOMAINS,
  type BadgeDomain,
  type BadgeTarget,
  badgeImageUrl,
  badgeSnippets,
} from './badge-model'

function Snippet({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant={copied ? 'filled' : 'light'}
              onClick={copy}
              data-testid={`${testId}-copy`}
            >
              {copied ? 'Copied' : `Copy ${label}`}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {text}
      </Code>
    </Stack>
  )
}

function BadgeCard({ target, domain }: { target: BadgeTarget; domain: BadgeDomain }) {
  const { markdown, html } = badgeSnippets(target, domain)
  return (
    <Paper withBorder radius="md" p="md" data-testid={`badge-card-${domain}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5" tt="capitalize">
            {domain}
          </Title>
          <BadgeImage url={badgeImageUrl(target, domain)} alt={`${domain} score`} />
        </Group>
        <Snippet label="Markdown" text={markdown} testId={`badge-markdown-${domain}`} />
        <Snippet label="HTML" text={html} testId={`badge-html-${domain}`} />
      </Stack>
    </Paper>
  )
}

export function BadgesPanel({ project, branch }: { project: Project; branch: string }) {
  const key = useQuery({
    queryKey: ['badge-key', project.uuid],
    queryFn: () => sdk.call('badgeKey', { params: { projectId: project.uuid } }),
    enabled: !project.isPublic,
  })
  if (key.isError)
    return (
      <InlineNotice title="THE BADGE KEY COULD NOT BE LOADED" tone="danger" testId="badges-missing">
        {key.error.message}
      </InlineNotice>
    )
  if (!project.isPublic && !key.data) return <PageLoader label="Loading the badges…" minHeight={160} />
  const target: BadgeTarget = {
    origin: window.location.origin,
    projectId: project.uuid,
    branch,
    key: project.isPublic ? null : (key.data?.key ?? null),
  }
  return (
    <Stack gap="md" data-testid="badges-panel">
      <Text size="sm" c="dimmed">
        Each badge shows the latest score of branch {branch}, green when it meets the project's threshold and
        red when it does not.
        {project.isPublic
          ? ''
          : ' The project is private: the snippets carry its badge key, so anyone who has them can see the scores.'}
      </Text>
      {BADGE_DOMAINS.map((domain) => (
        <BadgeCard key={domain} target={target} domain={domain} />
      ))}
    </Stack>
  )
}
