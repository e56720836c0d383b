// /admin: the sysadmin panel (accounts-and-api §6 "The sysadmin panel is for system administrators
// only"): site statistics, the features and the plans (GET /api/v1/admin/ag/{site-stats,features,plans}),
// the outbound network (GET /admin/server/site/network, site-network-section.tsx) and storage per
// account (GET /api/v1/admin/storage, storage-section.tsx; issue 20).
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { accountsApi } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { useSession } from '../../shared/session/use-session'
import { SectionCard } from '../../ui/section-card'
import { SiteNetworkSection } from './site-network-section'
import { StorageSection } from './storage-section'

const api = accountsApi(sdk)

export function AdminPage() {
  const { user } = useSession()
  const sysadmin = user?.sysadmin ?? false
  const stats = useQuery({ queryKey: ['admin', 'site-stats'], queryFn: api.siteStats, enabled: sysadmin })
  const plans = useQuery({ queryKey: ['admin', 'plans'], queryFn: api.plans, enabled: sysadmin })
  const features = useQuery({ queryKey: ['admin', 'features'], queryFn: api.features, enabled: sysadmin })
  if (!sysadmin)
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="admin-denied">
        The administration panel is for system administrators only.
      </Text>
    )
  return (
    <Stack gap="lg" data-testid="admin-page">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {Object.entries(stats.data ?? {}).map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="md">
            <Text size="xs" c="dimmed" tt="capitalize">
              {label.replace(/([A-Z])/g, ' $1')}
            </Text>
            <Text fw={700} size="xl">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SiteNetworkSection />
      <StorageSection />
      <SectionCard title="Plans" subtitle="The features each plan turns on">
        <Stack gap="sm">
          {(plans.data ?? []).map((plan) => (
            <Group key={plan.name} justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{plan.name}</Text>
                <Text size="sm" c="dimmed">
                  {plan.description}
                </Text>
              </div>
              <Group gap={4}>
                {plan.features.map((f) => (
                  <Badge key={f} variant="light" size="sm">
                    {f}
                  </Badge>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      </SectionCard>
      <SectionCard title="Features">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {(features.data ?? []).map((f) => (
            <Text key={f.name} size="sm">
              <b>{f.name}</b>{' '}
              <Text span c="dimmed">
                {f.description}
              </Text>
            </Text>
          ))}
        </SimpleGrid>
      </SectionCard>
    </Stack>
  )
}
