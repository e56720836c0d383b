// The home page `/` (report-page §2 header link Home; issue 14 "Navigation"): signed-in members go on to
// their dashboard; anonymous visitors see the server's public projects (of every account) and a way to
// sign in, never an error page.
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link, Navigate, useLocation } from 'react-router-dom'
import { usePublicProjects } from '../../shared/account/use-account-projects'
import { signInHref } from '../../shared/session/sign-in-rules'
import { useSession } from '../../shared/session/use-session'
import { PageLoader } from '../../ui/page-loader'
import { ProjectList } from './projects-page'

export function HomePage() {
  const { status } = useSession()
  const publicProjects = usePublicProjects(status === 'anonymous')
  const location = useLocation()
  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />
  return (
    <Stack gap="lg" data-testid="home-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Public projects
          </Title>
          <Text c="dimmed" size="sm">
            Reports this server shares with everyone: security, stability and licensing of each project's
            open-source libraries.
          </Text>
        </div>
        <Button component={Link} to={signInHref(location)} data-testid="home-sign-in">
          Sign in to see your projects
        </Button>
      </Group>
      <ProjectList projects={publicProjects} />
    </Stack>
  )
}
