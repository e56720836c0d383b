// The page footer of report-page §2: copyright, terms (/terms.html), privacy (/gdpr.html), contact.
import { Anchor, Box, Container, Group, Text } from '@mantine/core'
import { Link } from 'react-router-dom'

export function SiteFooter() {
  return (
    <Box
      component="footer"
      mt="auto"
      py="lg"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size={1280}>
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Sextant contributors · self-hosted software-composition analysis
          </Text>
          <Group gap="lg">
            <Anchor component={Link} to="/terms.html" size="xs" c="gray.7">
              Terms
            </Anchor>
            <Anchor component={Link} to="/gdpr.html" size="xs" c="gray.7">
              Privacy
            </Anchor>
            <Anchor component={Link} to="/contact" size="xs" c="gray.7">
              Contact
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  )
}
