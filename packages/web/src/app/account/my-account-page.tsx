// /account "My account": the profile, the authenticator app (TOTP), scratch codes and API tokens of
// the signed-in member (accounts-and-api §7 Authentication, MFA, Accounts → tokens).
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { MfaCard } from '../../features/mfa/mfa-card'
import { ScratchCodesCard } from '../../features/mfa/scratch-codes-card'
import { TokensCard } from '../../features/tokens/tokens-card'
import { roleLabels } from '../../shared/account/rights'
import { useSession } from '../../shared/session/use-session'

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" fw={600} truncate data-testid={testId}>
        {value}
      </Text>
    </div>
  )
}

function ProfileCard() {
  const { user, account } = useSession()
  if (!user) return null
  return (
    <Paper withBorder radius="md" p="lg" data-testid="profile-card">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="md">
        <Field label="Name" value={user.name} testId="profile-name" />
        <Field label="E-mail" value={user.email} />
        <Field label="Role" value={roleLabels[user.membership.role]} testId="profile-role" />
        <Field label="Plan" value={account?.plan ?? '—'} />
      </SimpleGrid>
    </Paper>
  )
}

export function MyAccountPage() {
  return (
    <Stack gap="lg">
      <ProfileCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MfaCard />
        <ScratchCodesCard />
      </SimpleGrid>
      <TokensCard />
      <Group justify="center">
        <Text size="xs" c="dimmed">
          Secrets (token values, scratch codes, the authenticator seed) are shown once, when created.
        </Text>
      </Group>
    </Stack>
  )
}
