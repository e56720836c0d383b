// A branch's DataTrails history (spec accounts-and-api §7 "GET …/projects/{project}/{branch}/history"):
// each link, unlink, publication and withdrawal, newest first, with its result and the event made.
import { Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { datatrails, datatrailsKeys } from './datatrails-api'

export function DataTrailsHistory({
  accountId,
  projectId,
  branch,
}: {
  accountId: string
  projectId: string
  branch: string
}) {
  const history = useQuery({
    queryKey: datatrailsKeys.history(accountId, projectId, branch),
    queryFn: () => datatrails.history(accountId, projectId, branch),
  })
  if (history.isError)
    return (
      <Text c="red" size="sm">
        The history could not be loaded: {history.error.message}
      </Text>
    )
  if (!history.data) return null
  if (!history.data.length)
    return (
      <Text size="sm" c="dimmed" data-testid="datatrails-history">
        Nothing was done with DataTrails for this branch yet.
      </Text>
    )
  return (
    <Table fz="xs" withTableBorder data-testid="datatrails-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Event</Table.Th>
          <Table.Th>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.slice(0, 20).map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{new Date(h.at).toLocaleString()}</Table.Td>
            <Table.Td>{h.action}</Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace">
                {h.eventIdentity ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td c={h.ok ? undefined : 'red'}>{h.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
