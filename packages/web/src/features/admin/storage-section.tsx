// The sysadmin panel's "Storage per account" section (issue 20 "show storage per account to sysadmins";
// GET /api/v1/admin/storage): each account's reports, graphs, kept upload files and exports in bytes,
// largest first, and the advisory store and registry cache every account shares.
import { Table, Text } from '@mantine/core'
import { accountsApi } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { formatBytes } from '../../lib/format'
import { sdk } from '../../lib/sdk'
import { SectionCard } from '../../ui/section-card'

const api = accountsApi(sdk)

export function StorageSection() {
  const storage = useQuery({ queryKey: ['admin', 'storage'], queryFn: api.storage })
  const shared = storage.data?.shared
  return (
    <SectionCard
      title="Storage per account"
      subtitle={
        shared
          ? `Shared by every account: advisories ${formatBytes(shared.advisoryBytes)}, registry cache ${formatBytes(shared.registryCacheBytes)}`
          : 'Bytes stored for each account'
      }
      testId="admin-storage"
    >
      {storage.isError ? (
        <Text c="red" size="sm">
          Storage could not be loaded: {storage.error.message}
        </Text>
      ) : (
        <Table striped withTableBorder fz="xs" data-testid="admin-storage-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th ta="right">Projects</Table.Th>
              <Table.Th ta="right">Reports</Table.Th>
              <Table.Th ta="right">Report documents</Table.Th>
              <Table.Th ta="right">Graphs</Table.Th>
              <Table.Th ta="right">Upload files</Table.Th>
              <Table.Th ta="right">Exports</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(storage.data?.accounts ?? []).map((a) => (
              <Table.Tr key={a.accountUuid}>
                <Table.Td>{a.accountName}</Table.Td>
                <Table.Td ta="right">{a.projects}</Table.Td>
                <Table.Td ta="right">{a.reports}</Table.Td>
                <Table.Td ta="right">{formatBytes(a.reportBytes)}</Table.Td>
                <Table.Td ta="right">{formatBytes(a.graphBytes)}</Table.Td>
                <Table.Td ta="right">{formatBytes(a.uploadFileBytes)}</Table.Td>
                <Table.Td ta="right">{formatBytes(a.exportBytes)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatBytes(a.totalBytes)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  )
}
