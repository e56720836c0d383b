// The report page's compact "Code analysis" panel (issue 17 "Static-analysis reports"): the latest SARIF
// upload of the branch through GET /api/v1/sasha/projects/{id}/report: the tool, counts by level, files,
// and the results (most severe level first, suppressed ones last). Shown only when one exists; a 404
// (none uploaded) shows nothing, any other failure says so.
import { Badge, Code, Group, Stack, Text } from '@mantine/core'
import type { SashaReport, SashaResult } from '@sextant/contract'
import { isSdkError } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { formatCount } from '../../lib/format'
import { sdk } from '../../lib/sdk'
import { useReportContext } from '../../shared/report/report-context'
import { SectionCard } from '../../ui/section-card'
import { InlineNotice } from '../../ui/status-panel'

const LEVEL_ORDER = { error: 0, warning: 1, note: 2, none: 3 } as const
const LEVEL_COLOR = { error: 'red', warning: 'orange', note: 'blue', none: 'gray' } as const
/** Results listed at most; the counts above cover all. */
const SHOWN = 50

/** Most severe first, suppressed last; keyed by content (results have no id), numbering repeats. */
function ordered(results: SashaResult[]): { key: string; result: SashaResult }[] {
  const seen = new Map<string, number>()
  return [...results]
    .sort(
      (a, b) => Number(a.suppressed) - Number(b.suppressed) || LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level],
    )
    .map((result) => {
      const base = `${result.ruleId}|${result.file ?? ''}|${result.line ?? ''}|${result.message}`
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      return { key: `${base}#${n}`, result }
    })
}

export function CodeAnalysisPanel() {
  const { project, branch } = useReportContext()
  const query = useQuery({
    queryKey: ['sasha', project.uuid, branch],
    queryFn: async (): Promise<SashaReport | null> => {
      try {
        return await sdk.call('sashaReport', { params: { projectId: project.uuid }, query: { branch } })
      } catch (error) {
        if (isSdkError(error) && error.status === 404) return null
        throw error
      }
    },
  })
  if (query.isError)
    return (
      <InlineNotice title="CODE ANALYSIS NOT LOADED" tone="danger" testId="code-analysis-failed">
        {query.error.message}
      </InlineNotice>
    )
  const report = query.data
  if (!report) return null
  const { summary } = report
  const results = ordered(report.results)
  return (
    <SectionCard
      id="code-analysis"
      title="Code analysis"
      subtitle={`${report.tool.name}${report.tool.version ? ` ${report.tool.version}` : ''} · ${formatCount(summary.results, 'result')} in ${formatCount(summary.files, 'file')} · ${new Date(report.createdAt).toLocaleString()}`}
      collapsible
      defaultOpen
      testId="code-analysis"
    >
      <Stack gap="xs">
        <Group gap="xs">
          {(['error', 'warning', 'note'] as const).map((level) => (
            <Badge
              key={level}
              color={LEVEL_COLOR[level]}
              variant="light"
              data-testid={`code-analysis-${level}`}
            >
              {summary.byLevel[level]} {level}
            </Badge>
          ))}
          {summary.suppressed ? (
            <Badge color="gray" variant="outline">
              {summary.suppressed} suppressed by policy
            </Badge>
          ) : null}
        </Group>
        {results.slice(0, SHOWN).map(({ key, result: r }) => (
          <Group
            key={key}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            py={4}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)', opacity: r.suppressed ? 0.55 : 1 }}
          >
            <Badge size="sm" w={76} color={LEVEL_COLOR[r.level]} variant="light" style={{ flexShrink: 0 }}>
              {r.level}
            </Badge>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm">{r.message}</Text>
              <Text size="xs" c="dimmed">
                <Code>{r.ruleId}</Code>
                {r.file ? ` · ${r.file}${r.line ? `:${r.line}` : ''}` : ''}
                {r.severity ? ` · ${r.severity}` : ''}
                {r.tags.length ? ` · ${r.tags.join(', ')}` : ''}
                {r.suppressed ? ' · suppressed by policy' : ''}
              </Text>
            </Stack>
          </Group>
        ))}
        {results.length > SHOWN ? (
          <Text size="xs" c="dimmed">
            {results.length - SHOWN} more results through GET /api/v1/sasha/projects/{project.uuid}/report
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  )
}
