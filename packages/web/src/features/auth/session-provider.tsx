// Provides the session to the app: loads it once, signs in (POST /api/v1/credentials/login, token
// stored) and out (token removed, page reloaded as the spec's logout does; report-page §2 Header).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useMemo } from 'react'
import { clearToken, storeToken } from '../../lib/auth-storage'
import { sdk } from '../../lib/sdk'
import { loadSession } from './load-session'
import { type Session, SessionContext } from './session-context'

export const SESSION_QUERY_KEY = ['session'] as const

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: loadSession,
    staleTime: Number.POSITIVE_INFINITY,
  })

  const signIn = useCallback(
    async (email: string, password: string) => {
      const answer = await sdk.call('login', { body: { email, password } })
      // A limited MFA token must not be kept as the session: the second factor is asked elsewhere.
      if ('mfaRequired' in answer && answer.mfaRequired) return 'mfa-required' as const
      storeToken(answer.accessToken)
      // Everything loaded so far was loaded as someone else: start over.
      await queryClient.resetQueries()
      return 'signed-in' as const
    },
    [queryClient],
  )

  const signOut = useCallback(() => {
    clearToken()
    window.location.reload()
  }, [])

  const session = useMemo<Session>(() => {
    const data = query.data
    if (!data) return { status: 'unknown', user: null, account: null, signIn, signOut }
    const status = data.user && !data.account?.default ? 'authenticated' : 'anonymous'
    return { status, user: data.user, account: data.account, signIn, signOut }
  }, [query.data, signIn, signOut])

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
