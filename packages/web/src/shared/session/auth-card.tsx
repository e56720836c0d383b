// The centred card of the sign-in, second-factor and register screens: an icon, a title, a line of
// explanation, the form and an optional footer (same look as the app's sign-in prompt).
import { Center, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { LockIcon } from '../../ui/icons'

interface AuthCardProps {
  title: string
  subtitle: ReactNode
  children: ReactNode
  footer?: ReactNode
  testId?: string
}

export function AuthCard({ title, subtitle, children, footer, testId }: AuthCardProps) {
  return (
    <Center py={{ base: 32, sm: 72 }} px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={440} data-testid={testId}>
        <Stack gap="md">
          <Stack gap={6} align="center" ta="center">
            <Center w={48} h={48} bg="sextant.0" c="sextant.7" style={{ borderRadius: 999 }}>
              <LockIcon size={22} />
            </Center>
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          </Stack>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Center>
  )
}
