// The status panels that replace the report (report-page §2 Banners, §4 report status rules, §8):
// not ready (with polling), not supported, build failures, project not found, and the failed-project view
// when the project or its report could not be loaded.
import { Box, Button, Code, Group, List, Loader, Text } from '@mantine/core'
import { Link } from 'react-router-dom'
import { LOGIN_REQUIRED, SignInPrompt } from '../../shared/session/sign-in-prompt'
import { AlertIcon, ClockIcon, InfoIcon, SearchOffIcon, ToolIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/status-panel'
import type { ReportView } from './report-view'

type BannerView = Exclude<ReportView, { kind: 'report' } | { kind: 'loading' }>

export const SUPPORTED_PROJECTS = ['Java with Maven or Gradle', 'JavaScript web projects', 'NodeJS'] as const

function Panel({ view, unknownBranch }: { view: BannerView; unknownBranch: string | null }) {
  switch (view.kind) {
    case 'project-missing':
      return (
        <StatusPanel
          title="SORRY, WE COULDN'T FIND THE PROJECT"
          tone="neutral"
          icon={<SearchOffIcon size={22} />}
        >
          You tried to access a project report that doesn't exist or that is not accessible to you. Check the
          URL, and contact support if you should have access.
        </StatusPanel>
      )
    case 'not-ready':
      return (
        <StatusPanel title="THIS REPORT IS NOT READY YET" tone="info" icon={<ClockIcon size={22} />}>
          <Text size="sm">The first assessment of a project may take a few minutes.</Text>
          {unknownBranch !== null && !view.polling ? (
            <Text size="sm" mt="xs" data-testid="unknown-branch">
              No files have been analysed for the branch '{unknownBranch}' yet. Upload them with branch=
              {unknownBranch} to get a report.
            </Text>
          ) : null}
          {view.polling ? (
            <Group gap="xs" mt="sm" data-testid="report-polling">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                The analysis is in progress; this page shows the report as soon as it is ready.
              </Text>
            </Group>
          ) : null}
        </StatusPanel>
      )
    case 'failed':
      return (
        <StatusPanel title="WE COULDN'T BUILD A REPORT" tone="danger" icon={<AlertIcon size={22} />}>
          <Text size="sm">The analysis of this branch failed.</Text>
          {view.error ? (
            <Code block mt="sm" data-testid="analysis-error" style={{ whiteSpace: 'pre-wrap' }}>
              {view.error}
            </Code>
          ) : null}
        </StatusPanel>
      )
    case 'unsupported':
      return (
        <StatusPanel title="THIS PROJECT IS NOT SUPPORTED" tone="neutral" icon={<InfoIcon size={22} />}>
          <Text size="sm">We could not find anything we know how to analyse. Supported projects:</Text>
          <List size="sm" mt={6}>
            {SUPPORTED_PROJECTS.map((kind) => (
              <List.Item key={kind}>{kind}</List.Item>
            ))}
          </List>
        </StatusPanel>
      )
    case 'build-error':
      return (
        <StatusPanel title="WE COULDN'T BUILD A REPORT" tone="danger" icon={<ToolIcon size={22} />}>
          The analysis ran but could not produce a report for this branch. Check that the uploaded files are
          complete and valid, then upload them again.
        </StatusPanel>
      )
    case 'error':
      // The failed-project view (§2 Layout): what could not be loaded, why, and a way on.
      return (
        <StatusPanel
          title={view.what === 'project' ? "WE COULDN'T LOAD THIS PROJECT" : "WE COULDN'T LOAD THIS REPORT"}
          tone="danger"
          icon={<AlertIcon size={22} />}
        >
          <Text size="sm">
            The server did not answer as expected. Try again in a moment; if it keeps failing, an
            administrator finds the cause in the server's log.
          </Text>
          {view.message ? (
            <Code block mt="sm" data-testid="load-error">
              {view.message}
            </Code>
          ) : null}
          <Group gap="sm" mt="sm">
            <Button size="xs" onClick={() => window.location.reload()} data-testid="load-retry">
              Try again
            </Button>
            <Button size="xs" variant="default" component={Link} to="/projects.html">
              All projects
            </Button>
          </Group>
        </StatusPanel>
      )
    case 'login-required':
      return <SignInPrompt notice={LOGIN_REQUIRED} reason="Sign in and we will check your clearance." />
  }
}

/** unknownBranch: the branch asked for, when the project has never seen it. */
export function ReportBanner({
  view,
  unknownBranch = null,
}: {
  view: BannerView
  unknownBranch?: string | null
}) {
  return (
    <Box data-testid="report-status-banner" data-kind={view.kind}>
      <Panel view={view} unknownBranch={unknownBranch} />
    </Box>
  )
}
