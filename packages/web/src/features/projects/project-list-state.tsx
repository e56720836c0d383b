// The empty and failed states of a project list; renders the list when there is one. An empty list of a
// member's account says how to upload with a token (or, to roles that may not create projects, who
// can); an empty public list says so and offers sign-in.
import { Text } from '@mantine/core'
import type { Project } from '@sextant/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useRights } from '../../shared/account/use-rights'
import { AlertIcon, InfoIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/status-panel'
import { UploadExample } from './upload-example'

interface Props {
  query: UseQueryResult<Project[]>
  /** The caller sees the server's public projects (anonymous visitors). */
  publicOnly: boolean
  render: (projects: Project[]) => ReactNode
}

export function ProjectListState({ query, publicOnly, render }: Props) {
  const may = useRights()
  if (query.isError) {
    return (
      <StatusPanel title="SORRY, SOMETHING WENT WRONG" tone="danger" icon={<AlertIcon size={22} />}>
        <Text size="sm">The projects could not be loaded: {query.error.message}</Text>
      </StatusPanel>
    )
  }
  if (!query.data) return null
  if (query.data.length === 0) {
    return publicOnly ? (
      <StatusPanel
        title="No public projects yet"
        tone="info"
        icon={<InfoIcon size={22} />}
        testId="projects-empty"
      >
        <Text size="sm">
          Nobody has shared a report on this server yet. Sign in to see your account's projects.
        </Text>
      </StatusPanel>
    ) : (
      <StatusPanel title="No projects yet" tone="info" icon={<InfoIcon size={22} />} testId="projects-empty">
        {may('projects', 'create') ? (
          <UploadExample />
        ) : (
          <Text size="sm">
            Projects of this account are created by its Administrators and team administrators; once one is
            added, your role may open it{may('projects', 'edit') ? ' and add scans to it' : ''}.
          </Text>
        )}
      </StatusPanel>
    )
  }
  return <>{render(query.data)}</>
}
