// The processing page for type=analysis (see analysis-progress-model): polls the project every
// refreshTimer ms, shows the step and the elapsed time, and opens the report when the analysis is done.
import { Anchor, Code, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { reportHref } from '../../lib/links'
import { sdk } from '../../lib/sdk'
import { ANALYSIS_POLL_MS, analysisStep } from '../../shared/report/analysis-progress-model'
import { useMemberView } from '../../shared/session/use-member-view'

function useElapsedSeconds(): number {
  const [start] = useState(() => Date.now())
  const [now, setNow] = useState(start)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return Math.floor((now - start) / 1_000)
}

export function AnalysisProgress() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const pid = search.get('pid') ?? ''
  const branch = search.get('branch') ?? 'main'
  const analysisUuid = search.get('resource') ?? ''
  const every = Math.max(500, Number(search.get('refreshTimer')) || ANALYSIS_POLL_MS)
  const elapsed = useElapsedSeconds()
  const project = useQuery({
    queryKey: ['processing-project', pid],
    queryFn: () => sdk.call('projectGet', { params: { projectId: pid } }),
    enabled: pid !== '',
    refetchInterval: (query) => {
      const data = query.state.data
      const step = data ? analysisStep(data, branch, analysisUuid) : null
      return step === null || step.kind === 'waiting' ? every : false
    },
  })
  const step = project.data ? analysisStep(project.data, branch, analysisUuid) : null
  const report = reportHref(pid, branch, { member: useMemberView() })
  useEffect(() => {
    if (step?.kind === 'done') navigate(report, { replace: true })
  }, [step?.kind, navigate, report])
  const failure = !pid
    ? 'The address names no project: open this page from the project list.'
    : project.isError
      ? project.error.message
      : step?.kind === 'failed'
        ? step.message
        : null
  const name = project.data ? project.data.title || project.data.name : ''
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      maw={560}
      mx="auto"
      data-testid="processing-page"
      data-kind="analysis"
    >
      <Stack gap="md" align="center">
        <Title order={1} size="h3" ta="center">
          {failure ? 'The analysis failed' : `Analysing ${name || 'your project'}`}
        </Title>
        {failure ? (
          <Code block w="100%" c="red.8" style={{ whiteSpace: 'pre-wrap' }} data-testid="analysis-failure">
            {failure}
          </Code>
        ) : (
          <>
            <Loader aria-label="Processing" />
            <Progress
              value={step?.kind === 'waiting' ? step.progress : step?.kind === 'done' ? 100 : 5}
              w="100%"
              animated
              aria-label="Progress"
            />
            <Text size="sm" ta="center" data-testid="analysis-step">
              {step?.kind === 'waiting'
                ? step.label
                : step?.kind === 'done'
                  ? 'Done: opening the report'
                  : 'Starting'}
            </Text>
            <Text size="xs" c="dimmed">
              Branch {branch} · {elapsed} s elapsed · the first report usually takes under a minute
            </Text>
          </>
        )}
        {pid ? (
          <Anchor component={Link} to={report} size="sm">
            Go to the report page
          </Anchor>
        ) : null}
        <Anchor component={Link} to="/projects.html" size="sm">
          Back to the projects
        </Anchor>
      </Stack>
    </Paper>
  )
}
