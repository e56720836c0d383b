// The list of the caller's projects, each linking to its report page (report-page §2 /projects.html);
// optionally with the newest scores of each project's first branch (the dashboard).

import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core'
import type { Project } from '@sextant/contract'
import { Link } from 'react-router-dom'
import { formatRelative } from '../../lib/format'
import { reportHref } from '../../lib/links'
import { useMemberView } from '../../shared/session/use-member-view'
import { ProjectScores } from './project-scores'

export function ProjectTable({
  projects,
  withScores = false,
}: {
  projects: Project[]
  withScores?: boolean
}) {
  const member = useMemberView()
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover data-testid="project-table">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th visibleFrom="sm">Branches</Table.Th>
            {withScores ? <Table.Th>Latest scores</Table.Th> : null}
            <Table.Th visibleFrom="md">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.uuid} data-testid="project-row">
              <Table.Td>
                <Anchor
                  component={Link}
                  to={reportHref(project.uuid, project.branches[0], { member })}
                  fw={600}
                >
                  {project.title || project.name}
                </Anchor>
                {project.url ? (
                  <Text size="xs" c="dimmed" truncate maw={320}>
                    {project.url}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={4}>
                  {project.branches.map((branch) => (
                    <Badge
                      key={branch}
                      component={Link}
                      to={reportHref(project.uuid, branch, { member })}
                      variant="default"
                      radius="sm"
                      style={{ cursor: 'pointer', textTransform: 'none' }}
                    >
                      {branch}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              {withScores ? (
                <Table.Td>
                  <ProjectScores projectId={project.uuid} branch={project.branches[0]} />
                </Table.Td>
              ) : null}
              <Table.Td visibleFrom="md">
                <Text size="sm" c="dimmed">
                  {formatRelative(project.createdAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}
