// The TanStack Query client: no automatic retries for 4xx answers (a missing project stays missing),
// one retry for network trouble, no refetch on window focus. A 401 while a token is stored means the
// session expired: the token is dropped and the session reloaded, which leads to sign-in (report-page §4).
import { isSdkError } from '@sextant/sdk'
import { QueryCache, QueryClient } from '@tanstack/react-query'
import { clearToken, readToken } from '../lib/auth-storage'

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isSdkError(error) || error.status !== 401 || !readToken()) return
        clearToken()
        void client.invalidateQueries({ queryKey: ['session'] })
      },
    }),
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
  return client
}
