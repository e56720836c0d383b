// The header's account area: initials, name and e-mail, toggling an account-info panel
// (report-page §2 Header; §3 Account), with a link to the account settings (accounts-and-api, issue 7).
// Anonymous visitors see the default account and a sign-in link (sign-in that asks for MFA when on).
import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link, useLocation } from 'react-router-dom'
import { initials } from '../../lib/format'
import { signInHref } from '../../shared/session/sign-in-rules'
import { useSession } from '../../shared/session/use-session'

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="lg" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" fw={600} ta="right" truncate>
        {value}
      </Text>
    </Group>
  )
}

export function AccountArea({ compact = false }: { compact?: boolean }) {
  const { status, user, account } = useSession()
  const [opened, { toggle, close }] = useDisclosure(false)
  const location = useLocation()
  if (status === 'unknown') return null
  if (status !== 'authenticated' || !user) {
    return (
      <Button
        component={Link}
        to={signInHref(location)}
        variant="default"
        size="xs"
        data-testid="sign-in-link"
      >
        Sign in
      </Button>
    )
  }
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width={300}
      shadow="md"
    >
      <Popover.Target>
        <UnstyledButton onClick={toggle} aria-expanded={opened} data-testid="account-area">
          <Group gap={10} wrap="nowrap">
            <Avatar color="sextant" radius="xl" size={34}>
              {initials(user.name, user.email)}
            </Avatar>
            {compact ? null : (
              <Box maw={180} visibleFrom="md">
                <Text size="sm" fw={600} truncate lh={1.2}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Box>
            )}
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="account-info">
        <Stack gap={8}>
          <Text size="sm" fw={700}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" mt={-6}>
            {user.email}
          </Text>
          <Divider />
          <Row label="Account" value={account?.name ?? user.account.name} />
          <Row label="Role" value={user.membership.role} />
          {account ? (
            <Row
              label="Plan"
              value={
                account.plan === account.bundle.name
                  ? account.plan
                  : `${account.plan} (${account.bundle.name})`
              }
            />
          ) : null}
          {user.sysadmin ? (
            // §6: the account-info box and the sysadmin panel are for system administrators only.
            <Stack gap={6} data-testid="sysadmin-account-info">
              <Badge variant="light" color="gray" size="sm">
                System administrator
              </Badge>
              <Row label="Account id" value={account?.uuid ?? user.account.uuid} />
              {account ? (
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  Features: {account.features.length > 0 ? account.features.join(', ') : 'none'}
                </Text>
              ) : null}
              <Button component={Link} to="/admin" onClick={close} variant="default" size="xs" fullWidth>
                System administration
              </Button>
            </Stack>
          ) : null}
          <Divider />
          <Button
            component={Link}
            to="/account"
            onClick={close}
            variant="light"
            size="xs"
            fullWidth
            data-testid="account-settings-link"
          >
            Account settings
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
