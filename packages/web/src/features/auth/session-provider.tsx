// Provides the session to the app: loads it once (sign-in is auth/sign-in-card.tsx, which stores the
// token and reloads it) and signs out (token removed, page reloaded as the spec's logout does; report-page §2 Header).
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useMemo } from 'react'
import { clearToken } from '../../lib/auth-storage'
import { type Session, SessionContext } from '../../shared/session/session-context'
import { loadSession } from './load-session'

export const SESSION_QUERY_KEY = ['session'] as const

export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: loadSession,
    staleTime: Number.POSITIVE_INFINITY,
  })

  const signOut = useCallback(() => {
    clearToken()
    window.location.reload()
  }, [])

  const session = useMemo<Session>(() => {
    const data = query.data
    if (!data) return { status: 'unknown', user: null, account: null, signOut }
    const status = data.user && !data.account?.default ? 'authenticated' : 'anonymous'
    return { status, user: data.user, account: data.account, signOut }
  }, [query.data, signOut])

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
