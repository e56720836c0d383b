// The component-information page /components/live/{ecosystem}/{encoded name}/{version} (report-page §2
// Routes, pipe encoding): from the report of the branch (pid, branch): versions (latest patch, minor,
// major), licences, advisories and safe versions; a link to its registry page through the processing
// page's registry lookup (which asks the registryWebUrl route; none for linux; issue 17 "Component links").
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useParams, useSearchParams } from 'react-router-dom'
import { registryLookupHref } from '../../lib/links'
import { AdviceBadges } from '../../shared/report/advice-badges'
import { decodeComponentName } from '../../shared/report/component-path'
import { isUndeclared, UNDECLARED_LABEL } from '../../shared/report/licensing-model'
import { languageLabel } from '../../shared/report/report-summary'
import { SafeVersionsBox } from '../../shared/report/safe-versions-box'
import { adviceTitle } from '../../shared/report/security-model'
import { useBranchReport } from '../../shared/report/use-branch-report'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'

export function ComponentPage() {
  const { ecosystem = '', name = '', version = '' } = useParams()
  const [params] = useSearchParams()
  const pid = params.get('pid') ?? ''
  const branch = params.get('branch') ?? ''
  const library = decodeComponentName(name)
  const query = useBranchReport(pid, branch)
  if (query.isPending && pid) return <PageLoader label="Loading the component…" />
  const report = query.data
  const security = report?.security.assessments
    .flatMap((a) => a.reports)
    .find((r) => r.dependency.library.name === library && r.dependency.version === version)
  const stability = report?.stability.reports
    .flatMap((p) => p.versions)
    .find((v) => v.name === library && v.version === version)
  const licensing = report?.licensing.reports
    .flatMap((p) => p.results)
    .find((r) => r.library.name === library && r.version === version)
  if (!security && !stability && !licensing)
    return (
      <InlineNotice title="COMPONENT NOT FOUND" tone="warning" testId="component-missing">
        {`${library} ${version} is not part of this report. Open components from a report page.`}
      </InlineNotice>
    )
  const registryHref = registryLookupHref(ecosystem, library, version, languageLabel(ecosystem))
  return (
    <Stack gap="md" data-testid="component-page">
      <div>
        <Title order={1} size="h2" style={{ wordBreak: 'break-all' }}>
          {library}
        </Title>
        <Group gap="sm">
          <Text c="dimmed">
            {version} · {languageLabel(ecosystem)}
          </Text>
          {registryHref ? (
            <Anchor
              href={registryHref}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              data-testid="component-registry-link"
            >
              Registry page ↗
            </Anchor>
          ) : null}
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder radius="md" p="md">
          <Text fw={700} size="sm" mb={6}>
            Versions
          </Text>
          <Text size="sm">Latest patch: {stability?.latestPatch ?? '—'}</Text>
          <Text size="sm">Latest minor: {stability?.latestMinor ?? '—'}</Text>
          <Text size="sm">Latest major: {stability?.latestMajor ?? '—'}</Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={700} size="sm" mb={6}>
            Licences
          </Text>
          <Group gap={6}>
            {licensing && !isUndeclared(licensing) ? (
              licensing.licenses.map((l) => (
                <Badge key={l.id} variant="light" tt="none">
                  {l.id}
                </Badge>
              ))
            ) : (
              <Badge color="yellow" variant="light" tt="none">
                {UNDECLARED_LABEL}
              </Badge>
            )}
          </Group>
        </Paper>
        {security ? <SafeVersionsBox safeVersions={security.safeVersions} asCard /> : null}
      </SimpleGrid>
      <Title order={2} size="h5">
        Advisories
      </Title>
      {security?.advices.length ? (
        security.advices.map((a) => (
          <Paper key={a.id} withBorder radius="sm" p="sm">
            <AdviceBadges advice={a} pid={pid} branch={branch} />
            <Text size="sm" mt={4} lineClamp={2}>
              {adviceTitle(a)}
            </Text>
          </Paper>
        ))
      ) : (
        <Text size="sm">No known advisory affects this version.</Text>
      )}
    </Stack>
  )
}
