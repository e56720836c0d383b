// The app's providers, outermost first: Mantine theme, server state (TanStack Query), alerts,
// session (DESIGN §6).
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { SessionProvider } from '../features/auth/session-provider'
import { AlertsProvider } from '../ui/alerts/alerts-provider'
import { createQueryClient } from './query-client'
import { theme } from './theme'

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AlertsProvider>
          <SessionProvider>{children}</SessionProvider>
        </AlertsProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
