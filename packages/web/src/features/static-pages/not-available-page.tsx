// The honest page for routes whose data sources are not built yet in this version (issue 2: nothing
// placeholder-looking pretends to work; issue 8 builds these pages).
import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router-dom'

export function NotAvailablePage({ title }: { title: string }) {
  return (
    <Center mih={360} data-testid="not-available">
      <Stack align="center" gap="xs" maw={520} ta="center">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.8}>
          {title}
        </Text>
        <Title order={1} size="h3">
          Not available yet in this version
        </Title>
        <Text c="dimmed" size="sm">
          This page is part of Sextant's plan but its data is not served by this version of the server yet.
        </Text>
        <Button component={Link} to="/projects.html" variant="default" mt="sm">
          Go to your projects
        </Button>
      </Stack>
    </Center>
  )
}

export function NotFoundPage() {
  return (
    <Center mih={360} data-testid="not-found">
      <Stack align="center" gap="xs" ta="center">
        <Title order={1} size="h3">
          Page not found
        </Title>
        <Text c="dimmed" size="sm">
          There is no page at this address. Check the link, or start from your projects.
        </Text>
        <Button component={Link} to="/projects.html" variant="default" mt="sm">
          Go to your projects
        </Button>
      </Stack>
    </Center>
  )
}
