// A titled content block with an anchor id and an optional collapse toggle (report-page §2:
// "Collapsible sections"). Generic: title, aside and children come from the caller.
import { Box, Collapse, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { ChevronIcon } from './icons'

interface SectionCardProps {
  id?: string
  title: string
  subtitle?: ReactNode
  aside?: ReactNode
  collapsible?: boolean
  defaultOpen?: boolean
  children: ReactNode
  /** Shown instead of the children while collapsed (report-page §4: a collapsed section shows a summary). */
  collapsedContent?: ReactNode
  testId?: string
}

export function SectionCard(props: SectionCardProps) {
  const {
    id,
    title,
    subtitle,
    aside,
    collapsible = false,
    defaultOpen = true,
    children,
    collapsedContent,
    testId,
  } = props
  const [open, { toggle }] = useDisclosure(defaultOpen)
  const heading = (
    <Group gap="xs" wrap="nowrap">
      {collapsible ? (
        <Box
          c="dimmed"
          style={{ transform: open ? 'none' : 'rotate(-90deg)', transition: 'transform 150ms' }}
        >
          <ChevronIcon size={16} />
        </Box>
      ) : null}
      <div>
        <Title order={2} size="h5">
          {title}
        </Title>
        {subtitle ? (
          <Text size="xs" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
      </div>
    </Group>
  )
  return (
    <Paper
      id={id}
      withBorder
      radius="md"
      data-testid={testId}
      style={{ scrollMarginTop: 'calc(var(--sticky-bottom, 64px) + 16px)' }}
    >
      <Group justify="space-between" px="lg" py="md" wrap="wrap" gap="sm">
        {collapsible ? (
          <UnstyledButton onClick={toggle} aria-expanded={open} style={{ flex: 1, minWidth: 200 }}>
            {heading}
          </UnstyledButton>
        ) : (
          heading
        )}
        {aside}
      </Group>
      {collapsible && collapsedContent !== undefined ? (
        <Box px="lg" pb="lg">
          {open ? children : collapsedContent}
        </Box>
      ) : collapsible ? (
        <Collapse expanded={open}>
          <Box px="lg" pb="lg">
            {children}
          </Box>
        </Collapse>
      ) : (
        <Box px="lg" pb="lg">
          {children}
        </Box>
      )}
    </Paper>
  )
}
