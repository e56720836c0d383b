// /dashboard (report-page §2 Routes): for now the account's projects with the newest scores of each
// project's first branch; the account-wide overview from the insights API comes with issue 8.
import { Stack, Text, Title } from '@mantine/core'
import { PageLoader } from '../../ui/page-loader'
import { SignInGate } from '../auth/sign-in-gate'
import { useSession } from '../auth/use-session'
import { ProjectListState } from './project-list-state'
import { ProjectTable } from './project-table'
import { useAccountProjects } from './use-account-projects'

export function DashboardPage() {
  return (
    <SignInGate>
      <DashboardContent />
    </SignInGate>
  )
}

function DashboardContent() {
  const { account } = useSession()
  const projects = useAccountProjects()
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Text c="dimmed" size="sm">
          Latest security, stability and licensing scores of every project
          {account && !account.default ? ` in ${account.name}` : ''}, measured against each project's
          thresholds.
        </Text>
      </div>
      {projects.isPending ? <PageLoader label="Loading projects…" minHeight={200} /> : null}
      <ProjectListState query={projects} render={(list) => <ProjectTable projects={list} withScores />} />
    </Stack>
  )
}
