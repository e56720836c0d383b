// Loads the caller: a stored token is kept only if GET /api/v1/users/me succeeds, else removed
// (report-page §4, last rule); then GET /api/v1/accounts/me, which answers the default account
// when no header is sent (§7). An account that cannot be loaded is null, not an error (§8).
import type { Account, User } from '@sextant/contract'
import { clearToken, readToken } from '../../lib/auth-storage'
import { sdk } from '../../lib/sdk'

export interface LoadedSession {
  user: User | null
  account: Account | null
}

export async function loadSession(): Promise<LoadedSession> {
  let user: User | null = null
  if (readToken()) {
    try {
      user = await sdk.call('usersMe')
    } catch {
      clearToken()
    }
  }
  let account: Account | null = null
  try {
    account = await sdk.call('accountGet', { params: { id: 'me' } })
  } catch {
    account = null
  }
  return { user, account }
}
