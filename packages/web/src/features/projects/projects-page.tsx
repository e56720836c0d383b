// /projects.html: the projects of the caller's account, each linking to its report page
// (report-page §2 Routes). Search, sorting and "Add project" come with issue 8.
import { Stack, Text, Title } from '@mantine/core'
import { PageLoader } from '../../ui/page-loader'
import { SignInGate } from '../auth/sign-in-gate'
import { useSession } from '../auth/use-session'
import { ProjectListState } from './project-list-state'
import { ProjectTable } from './project-table'
import { useAccountProjects } from './use-account-projects'

export function ProjectsPage() {
  return (
    <SignInGate>
      <ProjectsContent />
    </SignInGate>
  )
}

function ProjectsContent() {
  const { account } = useSession()
  const projects = useAccountProjects()
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Projects
        </Title>
        <Text c="dimmed" size="sm">
          {account?.default
            ? 'Public projects of this server'
            : `Projects of ${account?.name ?? 'your account'}`}
        </Text>
      </div>
      {projects.isPending ? <PageLoader label="Loading projects…" minHeight={200} /> : null}
      <ProjectListState query={projects} render={(list) => <ProjectTable projects={list} />} />
    </Stack>
  )
}
