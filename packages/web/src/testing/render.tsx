// Component-test rendering (issue 18 item 4: component tests for the dialogs): the app's theme with
// Mantine's test environment (no transitions, no portals, so a dialog renders in place and at once),
// a fresh query client and the alerts provider. Used only by `*.dom.test.tsx` files, which run in
// happy-dom through their `@vitest-environment` docblock; the rest of the suite stays in node.
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach } from 'vitest'
import { theme } from '../app/theme'
import { AlertsProvider } from '../ui/alerts/alerts-provider'

afterEach(cleanup)

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens on document.fonts for 'loadingdone'.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() })

export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <AlertsProvider>{ui}</AlertsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  )
}

/** A promise the test settles by hand, to look at a dialog while its request is in flight. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
