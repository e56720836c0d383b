// What the app knows about the caller (report-page §4 "Auth: unknown, then authenticated or not";
// accounts-and-api §7 GET /api/v1/accounts/me, GET /api/v1/users/me).
import type { Account, User } from '@sextant/contract'
import { createContext } from 'react'

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous'

export interface Session {
  status: AuthStatus
  /** The signed-in user; null for the default anonymous account. */
  user: User | null
  /** The caller's account (the default account when anonymous); null if it could not be loaded. */
  account: Account | null
  signOut(): void
}

export const SessionContext = createContext<Session | null>(null)
