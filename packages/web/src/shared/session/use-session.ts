// The current session from SessionProvider.
import { useContext } from 'react'
import { type Session, SessionContext } from './session-context'

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession needs a SessionProvider above it')
  return session
}
