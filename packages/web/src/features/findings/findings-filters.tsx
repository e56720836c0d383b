// The findings table's filter bar (issue 19 "Findings table"): free text, severity, CVSS and EPSS
// minima, KEV, fixable, direct / transitive, scope, ecosystem, analysis state, new since the previous
// report, and the column choice. Every change is written to the URL by the caller.
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Popover,
  Select,
  Stack,
  TextInput,
} from '@mantine/core'
import type { FindingColumn } from '@sextant/contract'
import {
  ALL_COLUMNS,
  type FindingFilters,
  SEVERITIES,
  STATES,
  type TableView,
  type Tri,
} from './findings-model'

const label = (value: string) => value.replaceAll('_', ' ')
const TRI = [
  { value: 'any', label: 'any' },
  { value: 'yes', label: 'yes' },
  { value: 'no', label: 'no' },
]

interface FindingsFiltersProps {
  view: TableView
  onChange: (view: TableView) => void
  scopes: string[]
  ecosystems: string[]
  hasPrevious: boolean
}

export function FindingsFilters({ view, onChange, scopes, ecosystems, hasPrevious }: FindingsFiltersProps) {
  const f = view.filters
  const set = (patch: Partial<FindingFilters>) => onChange({ ...view, filters: { ...f, ...patch } })
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="findings-filters">
      <TextInput
        size="xs"
        label="Search"
        placeholder="name, advisory, path…"
        value={f.text}
        onChange={(event) => set({ text: event.currentTarget.value })}
        data-testid="findings-search"
      />
      <MultiSelect
        size="xs"
        label="Severity"
        data={SEVERITIES.map((s) => ({ value: s, label: s === 'NONE' ? 'INFO' : s }))}
        value={f.severities}
        onChange={(severities) => set({ severities })}
        clearable
        w={170}
        data-testid="findings-severity"
      />
      <NumberInput
        size="xs"
        label="CVSS ≥"
        min={0}
        max={10}
        step={0.1}
        value={f.minCvss ?? ''}
        onChange={(value) => set({ minCvss: value === '' ? null : Number(value) })}
        w={80}
        data-testid="findings-cvss"
      />
      <NumberInput
        size="xs"
        label="EPSS % ≥"
        min={0}
        max={100}
        value={f.minEpss ?? ''}
        onChange={(value) => set({ minEpss: value === '' ? null : Number(value) })}
        w={86}
        data-testid="findings-epss"
      />
      {(
        [
          ['KEV', 'kev', 'findings-kev'],
          ['Fixable', 'fixable', 'findings-fixable'],
        ] as const
      ).map(([text, key, testId]) => (
        <Select
          key={key}
          size="xs"
          label={text}
          data={TRI}
          value={f[key]}
          onChange={(value) => set({ [key]: (value ?? 'any') as Tri })}
          allowDeselect={false}
          w={72}
          data-testid={testId}
        />
      ))}
      <Select
        size="xs"
        label="Relation"
        data={['any', 'direct', 'transitive']}
        value={f.relation}
        onChange={(value) => set({ relation: (value ?? 'any') as FindingFilters['relation'] })}
        allowDeselect={false}
        w={104}
        data-testid="findings-relation"
      />
      <MultiSelect
        size="xs"
        label="Scope"
        data={scopes}
        value={f.scopes}
        onChange={(v) => set({ scopes: v })}
        clearable
        w={120}
      />
      <MultiSelect
        size="xs"
        label="Ecosystem"
        data={ecosystems}
        value={f.ecosystems}
        onChange={(v) => set({ ecosystems: v })}
        clearable
        w={120}
      />
      <MultiSelect
        size="xs"
        label="Analysis"
        data={STATES.map((s) => ({ value: s, label: label(s) }))}
        value={f.states}
        onChange={(states) => set({ states })}
        clearable
        w={150}
        data-testid="findings-state"
      />
      <Checkbox
        size="xs"
        label="New since previous report"
        checked={f.newOnly}
        disabled={!hasPrevious}
        onChange={(event) => set({ newOnly: event.currentTarget.checked })}
        data-testid="findings-new"
      />
      <ColumnsMenu columns={view.columns} onChange={(columns) => onChange({ ...view, columns })} />
    </Group>
  )
}

/** Which columns the table shows, in the table's own order; at least one stays. */
function ColumnsMenu({
  columns,
  onChange,
}: {
  columns: FindingColumn[]
  onChange: (next: FindingColumn[]) => void
}) {
  const toggle = (id: FindingColumn, on: boolean) => {
    const next = ALL_COLUMNS.map((c) => c.id).filter((c) => (c === id ? on : columns.includes(c)))
    if (next.length > 0) onChange(next)
  }
  return (
    <Popover width={220} position="bottom-end" shadow="md" trapFocus withinPortal zIndex={400}>
      <Popover.Target>
        <Button size="xs" variant="default" data-testid="findings-columns">
          {`Columns (${columns.length})`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          {ALL_COLUMNS.map((c) => (
            <Checkbox
              key={c.id}
              size="xs"
              label={c.label}
              checked={columns.includes(c.id)}
              onChange={(event) => toggle(c.id, event.currentTarget.checked)}
              data-testid={`findings-column-${c.id}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
