// The page for addresses the app does not have (the router's catch-all).
import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router-dom'

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
