// The vulnerability page /vulns?id= (report-page §2 Routes): the advisory as the report of the branch
// (pid, branch) holds it (no advisory route exists), with its description, scores, links and the
// components of the report it affects.
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import ReactMarkdown from 'react-markdown'
import { Link, useSearchParams } from 'react-router-dom'
import rehypeSanitize from 'rehype-sanitize'
import { AdviceBadges } from '../../shared/report/advice-badges'
import { componentPagePath } from '../../shared/report/component-path'
import { adviceDisplayId } from '../../shared/report/security-model'
import { useBranchReport } from '../../shared/report/use-branch-report'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'

export function AdvisoryPage() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const pid = params.get('pid') ?? ''
  const branch = params.get('branch') ?? ''
  const query = useBranchReport(pid, branch)
  if (query.isPending && pid) return <PageLoader label="Loading the vulnerability…" />
  const hits = (query.data?.security.assessments ?? []).flatMap((a) =>
    a.reports.flatMap((r) =>
      r.advices
        .filter((x) => x.id === id || x.cve === id)
        .map((advice) => ({ advice, component: r, language: a.language })),
    ),
  )
  const first = hits[0]
  if (!first)
    return (
      <InlineNotice title="VULNERABILITY NOT FOUND" tone="warning" testId="advisory-missing">
        {`No vulnerability ${id} is recorded in this report. Open vulnerabilities from a report page.`}
      </InlineNotice>
    )
  const { advice } = first
  return (
    <Stack gap="md" data-testid="advisory-page">
      <Title order={1} size="h2">
        {adviceDisplayId(advice)}
      </Title>
      <AdviceBadges advice={advice} pid={pid} branch={branch} />
      <Paper withBorder radius="md" p="lg" className="markdown-body">
        <ReactMarkdown rehypePlugins={[rehypeSanitize]}>
          {advice.description || 'No description.'}
        </ReactMarkdown>
      </Paper>
      {advice.fixedInVersions.length ? (
        <Text size="sm">Fixed in: {advice.fixedInVersions.join(', ')}</Text>
      ) : null}
      <Title order={2} size="h5">
        Affected components in this report
      </Title>
      <Group gap="xs">
        {hits.map(({ component, language }) => (
          <Badge
            key={`${component.dependency.library.name}@${component.dependency.version}`}
            variant="light"
            tt="none"
            component={Link}
            to={componentPagePath(
              language,
              component.dependency.library.name,
              component.dependency.version,
              pid,
              branch,
            )}
            style={{ cursor: 'pointer' }}
          >
            {component.dependency.library.displayName}@{component.dependency.version}
          </Badge>
        ))}
      </Group>
      {advice.links.length ? (
        <>
          <Title order={2} size="h5">
            More info
          </Title>
          <List size="sm">
            {advice.links.map((l) => (
              <List.Item key={l.url}>
                <Anchor
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ wordBreak: 'break-all' }}
                >
                  {l.url}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  )
}
