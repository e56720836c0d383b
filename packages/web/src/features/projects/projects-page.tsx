// /projects.html: the projects of the caller's account, each linking to its report page with the newest
// scores against the project's thresholds, with search, sorting and "Add project" (report-page §2 Routes; issue 8).
// Anonymous visitors see the server's public projects (the default account's), also on the home page.
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useAccountProjects } from '../../shared/account/use-account-projects'
import { useRights } from '../../shared/account/use-rights'
import { SignInGate } from '../../shared/session/sign-in-gate'
import { useSession } from '../../shared/session/use-session'
import { PageLoader } from '../../ui/page-loader'
import { AddProjectDialog } from './add-project-dialog'
import { isProjectSort, PROJECT_SORTS, type ProjectSort, visibleProjects } from './project-list-model'
import { ProjectListState } from './project-list-state'
import { ProjectTable } from './project-table'

export function ProjectsPage() {
  return (
    <SignInGate>
      <ProjectsContent />
    </SignInGate>
  )
}

function ProjectsContent() {
  const { account } = useSession()
  const may = useRights()
  const [adding, setAdding] = useState(false)
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
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
        {account?.default || !may('projects', 'create') ? null : (
          <Button onClick={() => setAdding(true)} data-testid="add-project">
            Add project
          </Button>
        )}
      </Group>
      <ProjectList />
      {adding ? <AddProjectDialog onClose={() => setAdding(false)} /> : null}
    </Stack>
  )
}

/** The caller's projects (the public ones for anonymous visitors) with search and sorting. */
/** The list with search and sort over `projects` (default: the caller's account's projects). */
export function ProjectList({ projects: given }: { projects?: ReturnType<typeof useAccountProjects> } = {}) {
  const { account } = useSession()
  const own = useAccountProjects()
  const projects = given ?? own
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<ProjectSort>('name-asc')
  return (
    <>
      {projects.data && projects.data.length > 0 ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name, repository or branch"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            data-testid="project-search"
          />
          <Select
            label="Sort by"
            data={PROJECT_SORTS.map((s) => ({ value: s.value, label: s.label }))}
            value={sort}
            onChange={(value) => {
              if (isProjectSort(value)) setSort(value)
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
            data-testid="project-sort"
          />
        </Group>
      ) : null}
      {projects.isPending ? <PageLoader label="Loading projects…" minHeight={200} /> : null}
      <ProjectListState
        query={projects}
        publicOnly={account?.default ?? true}
        render={(list) => {
          const shown = visibleProjects(list, search, sort)
          return shown.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="projects-no-match">
              No project matches '{search.trim()}'.
            </Text>
          ) : (
            <ProjectTable projects={shown} withScores />
          )
        }}
      />
    </>
  )
}
