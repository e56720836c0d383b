// A compact read-only table with a header row; wide tables scroll sideways instead of overflowing.
import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

interface SimpleTableProps {
  header: string[]
  rows: { key: string; cells: ReactNode[] }[]
  testId?: string
  caption?: string
}

export function SimpleTable({ header, rows, testId, caption }: SimpleTableProps) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder fz="sm" data-testid={testId} verticalSpacing={6}>
        {caption ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            {header.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={header[index] ?? index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
