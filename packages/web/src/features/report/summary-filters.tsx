// The executive summary's filter bar (report-page §2 Executive summary, §4, §5): language toggles (the
// last active one stays on: 'You need at least one language active.'), 'Show issues only' and the scope
// options All dependencies / Production.
import { Chip, Group, SegmentedControl, Switch, Text } from '@mantine/core'
import { useState } from 'react'
import { useReportContext } from '../../shared/report/report-context'
import { SCOPE_OPTIONS, type ScopeOption, toggleLanguage } from '../../shared/report/report-filters'
import { languageLabel } from '../../shared/report/report-summary'

export function SummaryFilters({ languages }: { languages: string[] }) {
  const { filters, setFilters, sections } = useReportContext()
  const [error, setError] = useState<string | null>(null)
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mb="md" data-testid="summary-filters">
      <Group gap={6} wrap="wrap">
        {languages.map((language) => (
          <Chip
            key={language}
            size="xs"
            checked={filters.languages.includes(language)}
            onChange={() => {
              const next = toggleLanguage(filters, language)
              setError(next.error)
              setFilters(next.filters)
            }}
            data-testid={`language-chip-${language}`}
          >
            {languageLabel(language)}
          </Chip>
        ))}
        {error ? (
          <Text size="xs" c="red.9" role="alert" data-testid="language-error">
            {error}
          </Text>
        ) : null}
      </Group>
      <Group gap="md" wrap="wrap">
        <Switch
          size="sm"
          label="Show issues only"
          checked={filters.issuesOnly}
          onChange={(event) => {
            const issuesOnly = event.currentTarget.checked
            // every component needs the security section's pages (issue 20): asked for with the click,
            // not after the render it causes
            if (!issuesOnly) sections.request('security')
            setFilters({ ...filters, issuesOnly })
          }}
          data-testid="issues-only"
        />
        <SegmentedControl
          size="xs"
          value={filters.scope}
          onChange={(value) => setFilters({ ...filters, scope: value as ScopeOption })}
          data={SCOPE_OPTIONS}
          aria-label="Scope"
          data-testid="scope-option"
        />
      </Group>
    </Group>
  )
}
