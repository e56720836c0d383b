// One card of the by-component view (report-page §2 Security assessment): the component, its advices
// (each opening its tabs, marked 'New' when new since the previous report: issue 16), and beside it the safe-versions box and the component-encyclopedia link.
import { Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import type { Advice } from '@sextant/contract'
import { lazy, memo, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import { ExcludeDialog } from '../../shared/exclusions/exclude-dialog'
import type { SecurityReason } from '../../shared/exclusions/exclusion-model'
import { ExclusionStatus, useFindingExclusions } from '../../shared/exclusions/exclusion-status'
import { useExclusionMutations } from '../../shared/exclusions/use-exclusions'
import { defaultDescription, defaultSummary } from '../../shared/jira/jira-api'
import { JiraIssueAction, JiraIssueBadge } from '../../shared/jira/jira-issue-action'
import { AdviceBadges } from '../../shared/report/advice-badges'
import { componentPagePath } from '../../shared/report/component-path'
import { useReportStatic } from '../../shared/report/report-context'
import { languageLabel } from '../../shared/report/report-summary'
import { SafeVersionsBox } from '../../shared/report/safe-versions-box'
import {
  adviceTitle,
  type ComponentRow,
  isAutoMitigated,
  newFindingKey,
} from '../../shared/report/security-model'
import { NewBadge, useNewFindings } from './new-findings'
import { ShowInTree } from './show-in-tree'
import { useAssistantAvailable } from './use-assistant'

// The tabs (and their markdown renderer) load on first use, keeping them out of the page's first bundle.
const AdviceTabs = lazy(() => import('./advice-tabs').then((m) => ({ default: m.AdviceTabs })))

function AdviceItem({ advice, row }: { advice: Advice; row: ComponentRow }) {
  const { project, branch, access, creatorUuid, reportUuid, jiraInfo } = useReportStatic()
  const assistantAvailable = useAssistantAvailable(access.hasChaiFeature)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<SecurityReason | null>(null)
  const { create, recompute } = useExclusionMutations(project.uuid, branch, creatorUuid)
  const title = adviceTitle(advice)
  const componentName = `${row.report.dependency.library.displayName}@${row.report.dependency.version}`
  const { library, version } = row.report.dependency
  const isNew = useNewFindings(project.uuid, reportUuid).has(
    newFindingKey(library.language, library.name, advice.id),
  )
  const exclusions = useFindingExclusions(advice.exclusions, {
    domain: 'security',
    language: library.language,
    name: library.name,
    version,
    adviceId: advice.id,
    cve: advice.cve ?? null,
  })
  // §6: the Jira action needs the account feature, the project's Jira settings and the right to act.
  const jiraAction =
    access.hasJiraFeature && access.canAct && jiraInfo ? (
      <JiraIssueAction
        advice={advice}
        accountId={project.accountUuid}
        projectId={project.uuid}
        reportId={reportUuid}
        info={jiraInfo}
        summary={defaultSummary(advice, componentName, title)}
        description={defaultDescription(advice, componentName)}
      />
    ) : null
  return (
    <Box py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="advice-item">
      <Stack gap={4}>
        <Group gap={8} justify="space-between" wrap="nowrap" align="flex-start">
          <AdviceBadges advice={advice} pid={project.uuid} branch={branch} />
          <Group gap={6} wrap="nowrap">
            {isNew ? <NewBadge /> : null}
            {isAutoMitigated(advice) ? (
              <Badge color="gray" variant="outline" size="sm" data-testid="advice-excluded">
                Auto-mitigated
              </Badge>
            ) : null}
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              data-testid="advice-toggle"
            >
              {open ? 'Hide details' : 'Details'}
            </Button>
          </Group>
        </Group>
        <Text size="sm" lineClamp={open ? undefined : 1}>
          {title}
        </Text>
        <ExclusionStatus views={exclusions} />
        {advice.jira ? (
          <Group gap={6}>
            <JiraIssueBadge issue={advice.jira} />
          </Group>
        ) : null}
      </Stack>
      {open ? (
        <Box mt="xs">
          <Suspense fallback={<Loader size="xs" aria-label="Loading the details" />}>
            <AdviceTabs
              advice={advice}
              component={row.report}
              canAct={access.canAct}
              onAction={setReason}
              extraActions={jiraAction}
              learnMore={access.hasSecureCodingFeature}
              sysadmin={access.sysadmin}
              actions={access.privateMode}
              assistant={
                assistantAvailable
                  ? {
                      projectId: project.uuid,
                      reportId: reportUuid,
                      adviceId: advice.id,
                      source: assistantAvailable,
                    }
                  : null
              }
            />
          </Suspense>
        </Box>
      ) : null}
      {reason ? (
        <ExcludeDialog
          advice={advice}
          component={row.report}
          reason={reason}
          onClose={() => setReason(null)}
          onSubmit={async (contents, now) => {
            await create.mutateAsync(contents)
            if (now) await recompute.mutateAsync()
          }}
        />
      ) : null}
    </Box>
  )
}

/**
 * Drawn again only when its component or the advices it lists change (issue 20): the page's filters and
 * each section read re-render the section, and a report's component with the same key and advices is the
 * same (a report never changes), whether it came with the outline or a page; only the Jira issue of an
 * advice is added to a report read again (one created from the page).
 */
export const ComponentCard = memo(
  ComponentCardDrawn,
  (a, b) =>
    a.row.key === b.row.key &&
    a.row.advices.length === b.row.advices.length &&
    a.row.advices.every((advice, i) => {
      const other = b.row.advices[i]
      return (
        advice.id === other?.id &&
        advice.jira?.key === other.jira?.key &&
        advice.jira?.url === other.jira?.url
      )
    }),
)

function ComponentCardDrawn({ row }: { row: ComponentRow }) {
  const { project, branch, access } = useReportStatic()
  const { dependency, scope, transitive, safeVersions } = row.report
  return (
    <Paper withBorder radius="md" p="md" mb="sm" data-testid="component-card">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Group gap={8} wrap="wrap">
            <Text fw={700} style={{ wordBreak: 'break-all' }}>
              {dependency.library.displayName}
            </Text>
            <Text c="dimmed" ff="monospace" size="sm">
              {dependency.version}
            </Text>
            <Badge variant="light" color="gray" size="xs">
              {languageLabel(row.language)}
            </Badge>
            <Badge variant="outline" color="gray" size="xs">
              {scope}
            </Badge>
            {row.report.relationshipUnknown ? (
              <Badge variant="outline" color="gray" size="xs" data-testid="relationship-unknown">
                direct or transitive unknown
              </Badge>
            ) : transitive ? (
              <Badge variant="outline" color="gray" size="xs">
                transitive
              </Badge>
            ) : null}
            {row.report.unorderableVersion ? (
              <Badge variant="light" color="orange" size="xs" data-testid="unorderable-version">
                version not orderable: matched only where listed exactly
              </Badge>
            ) : null}
          </Group>
          {row.advices.map((advice) => (
            <AdviceItem key={advice.id} advice={advice} row={row} />
          ))}
        </Stack>
        <Stack gap={6} style={{ flex: '0 0 200px' }}>
          {access.hasNextsafeFeature ? <SafeVersionsBox safeVersions={safeVersions} /> : null}
          <Anchor
            component={Link}
            to={componentPagePath(
              row.language,
              dependency.library.name,
              dependency.version,
              project.uuid,
              branch,
            )}
            size="xs"
          >
            Component information
          </Anchor>
          <ShowInTree name={dependency.library.name} version={dependency.version} />
        </Stack>
      </Group>
    </Paper>
  )
}
