// The page header of report-page §2: brand logo, experimental-mode icon, links Home, FAQ, Status, Docs,
// API (and Projects, Dashboard for signed-in members), a logout link for signed-in non-default accounts,
// and the account area.
import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Stack,
  Tooltip,
} from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link as RouterLink, useMatch } from 'react-router-dom'
import { useSession } from '../../shared/session/use-session'
import { FlaskIcon, LogoutIcon } from '../../ui/icons'
import { AccountArea } from './account-area'
import { BrandLogo } from './brand-logo'
import { type NavLink, navLinks } from './nav-links'

function HeaderLink({ link, onClick }: { link: NavLink; onClick?: () => void }) {
  const style = { fontSize: 14, fontWeight: 550 }
  const active = useMatch({ path: link.to, end: true }) !== null && !link.external
  if (link.external) {
    return (
      <Anchor href={link.to} c="gray.7" underline="never" style={style} onClick={onClick}>
        {link.label}
      </Anchor>
    )
  }
  return (
    <Anchor
      component={RouterLink}
      to={link.to}
      c={active ? 'sextant.7' : 'gray.7'}
      aria-current={active ? 'page' : undefined}
      underline="never"
      style={style}
      onClick={onClick}
    >
      {link.label}
    </Anchor>
  )
}

function useExperimental(): boolean {
  const { user, account } = useSession()
  const flags = account?.properties.experimental
  if (!user || typeof flags !== 'object' || flags === null) return false
  return (flags as Record<string, unknown>)[user.membership.uuid] === true
}

export function SiteHeader() {
  const { status, signOut } = useSession()
  const experimental = useExperimental()
  const [drawer, { toggle, close }] = useDisclosure(false)
  const links = navLinks(status === 'authenticated')
  return (
    <Box
      component="header"
      bg="white"
      pos="sticky"
      top={0}
      h={64}
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="site-header"
    >
      <Container size={1280} h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <BrandLogo />
            {experimental ? (
              <Tooltip label="Experimental mode is on">
                <Box c="sextant.7" data-testid="experimental-mode" display="flex">
                  <FlaskIcon />
                </Box>
              </Tooltip>
            ) : null}
          </Group>
          <Group gap={26} visibleFrom="sm" component="nav" aria-label="Main">
            {links.map((link) => (
              <HeaderLink key={link.label} link={link} />
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {status === 'authenticated' ? (
              <>
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  leftSection={<LogoutIcon size={16} />}
                  onClick={signOut}
                  visibleFrom="sm"
                  data-testid="logout-link"
                >
                  Log out
                </Button>
                <Tooltip label="Log out">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={signOut}
                    aria-label="Log out"
                    hiddenFrom="sm"
                    data-testid="logout-link-mobile"
                  >
                    <LogoutIcon />
                  </ActionIcon>
                </Tooltip>
              </>
            ) : null}
            <AccountArea />
            <Burger opened={drawer} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open navigation" />
          </Group>
        </Group>
      </Container>
      <Drawer opened={drawer} onClose={close} title={<BrandLogo />} size="xs" hiddenFrom="sm">
        <Stack gap="lg" component="nav" aria-label="Main" pt="sm">
          {links.map((link) => (
            <HeaderLink key={link.label} link={link} onClick={close} />
          ))}
        </Stack>
      </Drawer>
    </Box>
  )
}
