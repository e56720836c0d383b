// The root component: providers around the router, inside a last-resort rendering-error boundary.
import { useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { ErrorBoundary } from '../ui/error-boundary'
import { Providers } from './providers'
import { createRouter } from './router'

export function App() {
  const [router] = useState(createRouter)
  return (
    <Providers>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </Providers>
  )
}
