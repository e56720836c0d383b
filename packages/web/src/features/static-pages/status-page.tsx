// /status: the server's health from GET /admin/server/site/healthcheck (accounts-and-api §7: no auth,
// healthy true/false with details; §8 'Unable to obtain reason for failure' when there is no body).
import { Badge, Group, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { PageLoader } from '../../ui/page-loader'
import { StaticPage } from './static-page'

export function StatusPage() {
  const health = useQuery({
    queryKey: ['health', 'site'],
    queryFn: () => sdk.call('healthcheck', { params: { service: 'site' } }),
    refetchInterval: 30_000,
  })
  return (
    <StaticPage title="Server status" lead="Health of this Sextant server, checked every 30 seconds.">
      {health.isPending ? <PageLoader minHeight={120} label="Checking…" /> : null}
      {health.isError ? (
        <Group gap="sm">
          <Badge color="red" size="lg">
            Unreachable
          </Badge>
          <Text size="sm">{health.error.message}</Text>
        </Group>
      ) : null}
      {health.data ? (
        <Stack gap="md" data-testid="server-status">
          <Group gap="sm">
            <Badge color={health.data.healthy ? 'green' : 'red'} size="lg">
              {health.data.healthy ? 'All systems healthy' : 'Degraded'}
            </Badge>
          </Group>
          <Table withTableBorder verticalSpacing="sm">
            <Table.Tbody>
              {Object.entries(health.data.details).map(([name, detail]) => (
                <Table.Tr key={name}>
                  <Table.Td fw={600} w={180}>
                    {name}
                  </Table.Td>
                  <Table.Td w={110}>
                    <Badge variant="light" color={detail.healthy ? 'green' : 'red'}>
                      {detail.healthy ? 'healthy' : 'failing'}
                    </Badge>
                  </Table.Td>
                  <Table.Td c="dimmed" fz="sm">
                    {detail.message}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </StaticPage>
  )
}
