// Catches rendering errors below it and shows a fallback screen instead of a blank page
// (report-page §8: "A rendering error shows a fallback error screen"). React needs a class here.
import { Button, Center, Code, Stack, Text, Title } from '@mantine/core'
import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  title?: string
}
interface State {
  error: Error | null
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <Center mih={360} p="xl" data-testid="error-fallback">
        <Stack align="center" gap="sm" maw={560} ta="center">
          <Title order={2} size="h3">
            {this.props.title ?? 'SORRY, SOMETHING WENT WRONG'}
          </Title>
          <Text c="dimmed">This part of the page could not be shown. Reloading usually helps.</Text>
          <Code style={{ overflowWrap: 'anywhere' }}>{error.message}</Code>
          <Button mt="sm" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Stack>
      </Center>
    )
  }
}
