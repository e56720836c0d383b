// The TanStack Query client: no automatic retries for 4xx answers (a missing project stays missing),
// one retry for network trouble, and no refetch on window focus for report documents.
import { isSdkError } from '@sextant/sdk'
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failures, error) => {
          if (isSdkError(error) && error.status >= 400 && error.status < 500) return false
          return failures < 1
        },
      },
    },
  })
}
