// The most widespread vulnerable components of the account (issue 8 /dashboard), from
// GET /api/v2/accounts/me/insights/dependencies: each component with its versions, highest severity,
// advisories (linking to /vulns) and the projects that use it; a name search narrows the list.
import { Anchor, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import type { ComponentInsight } from '@sextant/contract'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatCount } from '../../lib/format'
import { useDebounced } from '../../lib/use-debounced'
import { SeverityBadge } from '../../shared/report/advice-badges'
import { advisoryPagePath } from '../../shared/report/component-path'
import { adviceDisplayId } from '../../shared/report/security-model'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { useWidespreadComponents, WIDESPREAD_LIMIT } from './use-dashboard'

const SHOWN_ADVISORIES = 3
const SEARCH_DEBOUNCE_MS = 300

function Advisories({ component }: { component: ComponentInsight }) {
  const first = component.projects[0]
  const rest = component.advisories.length - SHOWN_ADVISORIES
  return (
    <Group gap={8} wrap="wrap">
      {component.advisories.slice(0, SHOWN_ADVISORIES).map((a) => (
        <Anchor
          key={a.id}
          component={Link}
          to={first ? advisoryPagePath(a.id, first.projectUuid, first.branch) : `/vulns?id=${a.id}`}
          size="sm"
          fw={600}
        >
          {adviceDisplayId(a)}
        </Anchor>
      ))}
      {rest > 0 ? (
        <Text size="xs" c="dimmed">
          +{rest} more
        </Text>
      ) : null}
    </Group>
  )
}

function Projects({ component }: { component: ComponentInsight }) {
  const names = [...new Set(component.projects.map((p) => p.projectName))]
  return (
    <Tooltip label={names.join(', ')} multiline maw={320} withArrow>
      <Text size="sm" fw={600} style={{ cursor: 'default' }} data-testid="widespread-projects">
        {formatCount(names.length, 'project')}
      </Text>
    </Tooltip>
  )
}

/** notAssessed: branches whose security was not assessed whole (their "no finding" is not a clean result). */
export function WidespreadComponents({
  sinceDaysAgo,
  notAssessed = 0,
}: {
  sinceDaysAgo: number | undefined
  notAssessed?: number
}) {
  const [search, setSearch] = useState('')
  const component = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS)
  const query = useWidespreadComponents(sinceDaysAgo, component)
  const data = query.data
  return (
    <SectionCard
      title="Most widespread vulnerable components"
      subtitle={
        data
          ? `${formatCount(data.total, 'library', 'libraries')} with advisories in the latest report of ${formatCount(data.reports, 'branch', 'branches')}`
          : 'Components with advisories that are not excluded, by the number of projects using them'
      }
      aside={
        <Group gap="xs" wrap="nowrap">
          {query.isFetching ? <Loader size="xs" /> : null}
          <TextInput
            size="xs"
            w={220}
            placeholder="Filter by component name"
            aria-label="Filter by component name"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="widespread-search"
          />
        </Group>
      }
      testId="dashboard-widespread"
    >
      {query.isError ? (
        <Text size="sm" c="red.7">
          The components could not be loaded: {query.error.message}
        </Text>
      ) : !data ? (
        <Loader size="sm" />
      ) : data.components.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="widespread-empty">
          {component
            ? `No vulnerable component matches “${component}”.`
            : notAssessed > 0
              ? `No vulnerable component in what the latest reports of this period could assess: ${notAssessed} ${notAssessed === 1 ? 'branch was' : 'branches were'} not assessed for security.`
              : 'No vulnerable component in the latest reports of this period.'}
        </Text>
      ) : (
        <Stack gap="xs">
          <SimpleTable
            testId="widespread-table"
            header={['Component', 'Severity', 'Advisories', 'Used by']}
            rows={data.components.map((c) => ({
              key: `${c.language}/${c.name}`,
              cells: [
                <div key="name">
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.language} · {c.versions.join(', ')}
                  </Text>
                </div>,
                <SeverityBadge key="severity" severity={c.severity} />,
                <Advisories key="advisories" component={c} />,
                <Projects key="projects" component={c} />,
              ],
            }))}
          />
          {data.total > WIDESPREAD_LIMIT ? (
            <Text size="xs" c="dimmed">
              The {WIDESPREAD_LIMIT} most widespread of {data.total}.
            </Text>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  )
}
