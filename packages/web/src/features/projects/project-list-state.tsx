// The empty and failed states of a project list; renders the list when there is one.

import { Code, Text } from '@mantine/core'
import type { Project } from '@sextant/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AlertIcon, InfoIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/status-panel'

const UPLOAD_EXAMPLE = `curl -F file=@bom.json '${window.location.origin}/api/v1/uploads/new/sbom-cdx.json?branch=main'`

interface Props {
  query: UseQueryResult<Project[]>
  render: (projects: Project[]) => ReactNode
}

export function ProjectListState({ query, render }: Props) {
  if (query.isError) {
    return (
      <StatusPanel title="SORRY, SOMETHING WENT WRONG" tone="danger" icon={<AlertIcon size={22} />}>
        <Text size="sm">The projects could not be loaded: {query.error.message}</Text>
      </StatusPanel>
    )
  }
  if (!query.data) return null
  if (query.data.length === 0) {
    return (
      <StatusPanel title="No projects yet" tone="info" icon={<InfoIcon size={22} />} testId="projects-empty">
        <Text size="sm">
          Upload an SBOM or your manifests and lockfiles to create the first project, for example:
        </Text>
        <Code block mt="sm">
          {UPLOAD_EXAMPLE}
        </Code>
      </StatusPanel>
    )
  }
  return <>{render(query.data)}</>
}
