// The sysadmin panel's "Outbound network" section (spec accounts-and-api §7 "GET /admin/server/site/
// network", issue 17 "Site network"): each configured outside service with its base address (never a
// credential), when this server process last reached it and its last error, and the SSRF policy and
// proxy in force.
import { Badge, Group, Stack, Table, Text } from '@mantine/core'
import type { SiteNetwork } from '@sextant/contract'
import { accountsApi } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { SectionCard } from '../../ui/section-card'

const api = accountsApi(sdk)
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')

export function SiteNetworkSection() {
  const network = useQuery({ queryKey: ['admin', 'site-network'], queryFn: api.siteNetwork })
  return (
    <SectionCard
      title="Outbound network"
      subtitle={
        network.data
          ? `Outside services and what this server process saw of them since ${when(network.data.recordedSince)}`
          : 'Outside services and what this server process saw of them'
      }
      testId="site-network"
    >
      {network.isError ? (
        <Text c="red" size="sm">
          The network view could not be loaded: {network.error.message}
        </Text>
      ) : network.data ? (
        <Stack gap="sm">
          <PolicyLine policy={network.data.policy} />
          <Table striped withTableBorder fz="xs" data-testid="site-network-services">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Reach</Table.Th>
                <Table.Th>Last success</Table.Th>
                <Table.Th>Last error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {network.data.services.map((s) => (
                <Table.Tr key={`${s.service} ${s.baseUrl}`}>
                  <Table.Td>
                    {s.label}
                    {s.accounts !== null ? ` (${s.accounts} account${s.accounts === 1 ? '' : 's'})` : ''}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{s.baseUrl}</Table.Td>
                  <Table.Td>{s.reach === 'public' ? 'public only' : 'any'}</Table.Td>
                  <Table.Td>
                    {when(s.lastSuccessAt)}
                    {s.lastStatus !== null ? ` · HTTP ${s.lastStatus}` : ''}
                  </Table.Td>
                  <Table.Td c={s.lastError ? 'red' : undefined}>
                    {s.lastError ? `${when(s.lastError.at)}: ${s.lastError.message}` : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </SectionCard>
  )
}

function PolicyLine({ policy }: { policy: SiteNetwork['policy'] }) {
  const flag = (label: string, on: boolean) => (
    <Badge variant="light" color={on ? 'orange' : 'gray'} tt="none">
      {label}: {on ? 'allowed' : 'refused'}
    </Badge>
  )
  const proxy = [policy.proxy.httpProxy, policy.proxy.httpsProxy].filter(Boolean).join(', ')
  return (
    <Stack gap={4} data-testid="site-network-policy">
      <Group gap={6}>
        {flag('Private repositories', policy.allowPrivateRepositories)}
        {flag('Local repositories', policy.allowLocalRepositories)}
        {flag('Private integrations', policy.allowPrivateIntegrations)}
        {policy.offline ? <Badge tt="none">Offline: registries from the cache only</Badge> : null}
      </Group>
      <Text size="xs" c="dimmed">
        Refused for user-chosen destinations: {policy.refusedRanges.join('; ')}. {policy.redirects}
      </Text>
      <Text size="xs" c="dimmed">
        Proxy: {proxy || 'none'}
        {policy.proxy.noProxy ? ` (not for ${policy.proxy.noProxy})` : ''} · extra CA certificates:{' '}
        {policy.extraCaCerts ? 'yes' : 'no'} · hosts with credentials: {policy.credentialedHosts}
      </Text>
    </Stack>
  )
}
