// The findings grid (issue 19 "Findings table"; DESIGN §8 lists virtualised): a header that sorts on
// click, one row per finding with a selection checkbox, only the rows near the viewport rendered. Wide
// tables scroll sideways inside their own box.
import { Badge, Checkbox, UnstyledButton } from '@mantine/core'
import type { FindingColumn, FindingRowDto } from '@sextant/contract'
import type { CSSProperties } from 'react'
import { SeverityBadge } from '../../shared/report/advice-badges'
import { WindowVirtualList } from '../../ui/window-virtual-list'
import { ALL_COLUMNS, cellText, type TableView } from './findings-model'

const WIDTH = new Map(ALL_COLUMNS.map((c) => [c.id, c.width]))
const LABEL = new Map(ALL_COLUMNS.map((c) => [c.id, c.label]))
const CHECK = 34
const keyOf = (row: FindingRowDto) => row.key

interface FindingsGridProps {
  rows: FindingRowDto[]
  view: TableView
  onSort: (column: FindingColumn) => void
  selected: ReadonlySet<string>
  onSelect: (keys: string[], on: boolean) => void
  selectable: boolean
}

function template(columns: FindingColumn[], selectable: boolean): CSSProperties {
  const widths = columns.map((c) => `${WIDTH.get(c) ?? 100}px`)
  return {
    display: 'grid',
    gridTemplateColumns: [...(selectable ? [`${CHECK}px`] : []), ...widths].join(' '),
    alignItems: 'center',
    columnGap: 8,
    minWidth: 'max-content',
  }
}

function Cell({ row, column }: { row: FindingRowDto; column: FindingColumn }) {
  if (column === 'severity') return <SeverityBadge severity={row.severity} />
  if (column === 'isNew') return row.isNew ? <Badge size="xs">new</Badge> : null
  if (column === 'state' && row.expired)
    return (
      <Badge
        size="xs"
        color="orange"
        variant="light"
        title={`Its exclusion expired on ${row.expired}: it counts again`}
      >
        expired
      </Badge>
    )
  const text = cellText(row, column)
  return (
    <span title={text} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </span>
  )
}

export function FindingsGrid({ rows, view, onSort, selected, onSelect, selectable }: FindingsGridProps) {
  const style = template(view.columns, selectable)
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.key))
  return (
    <div style={{ overflowX: 'auto' }} data-testid="findings-grid">
      <div
        style={{
          ...style,
          fontSize: 12,
          fontWeight: 600,
          borderBottom: '1px solid var(--mantine-color-gray-4)',
          padding: '4px 0',
        }}
      >
        {selectable ? (
          <Checkbox
            size="xs"
            aria-label="Select every finding shown"
            checked={allOn}
            indeterminate={!allOn && rows.some((r) => selected.has(r.key))}
            onChange={() =>
              onSelect(
                rows.map((r) => r.key),
                !allOn,
              )
            }
            data-testid="findings-select-all"
          />
        ) : null}
        {view.columns.map((c) => (
          <UnstyledButton
            key={c}
            aria-label={`Sort by ${LABEL.get(c)}${view.sort.column === c ? (view.sort.desc ? ', now descending' : ', now ascending') : ''}`}
            onClick={() => onSort(c)}
            style={{ fontSize: 12, fontWeight: 600, textAlign: 'left' }}
            data-testid={`findings-sort-${c}`}
          >
            {LABEL.get(c)}
            {view.sort.column === c ? (view.sort.desc ? ' ▼' : ' ▲') : ''}
          </UnstyledButton>
        ))}
      </div>
      <WindowVirtualList
        items={rows}
        estimateSize={32}
        fixedSize
        getKey={keyOf}
        testId="findings-rows"
        renderItem={(row) => (
          <div
            data-finding={row.key}
            style={{
              ...style,
              fontSize: 13,
              height: 32,
              borderBottom: '1px solid var(--mantine-color-gray-2)',
            }}
          >
            {selectable ? (
              <Checkbox
                size="xs"
                aria-label={`Select ${row.name}@${row.version} ${row.cve ?? row.adviceId}`}
                checked={selected.has(row.key)}
                onChange={(event) => onSelect([row.key], event.currentTarget.checked)}
              />
            ) : null}
            {view.columns.map((c) => (
              <Cell key={c} row={row} column={c} />
            ))}
          </div>
        )}
      />
    </div>
  )
}
