// DataTrails access tokens kept until they expire (issue 17 "token cached until expiry"): one per account,
// address, client id and secret digest, so a changed secret never reuses the old token. A token is
// used until a margin before its expiry (a tenth of its life, at most a minute) so that a request
// never goes out with one about to lapse. Bounded: past MAX_TOKENS the oldest entry goes.
import { createHash } from 'node:crypto'

export const MAX_TOKENS = 1000

export interface TokenKey {
  account: string
  baseUrl: string
  clientId: string
  clientSecret: string
}

export class TokenCache {
  private readonly tokens = new Map<string, { token: string; until: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  private keyOf(k: TokenKey): string {
    const secret = createHash('sha256').update(k.clientSecret).digest('hex')
    return `${k.account}\u0000${k.baseUrl}\u0000${k.clientId}\u0000${secret}`
  }

  get(k: TokenKey): string | null {
    const key = this.keyOf(k)
    const hit = this.tokens.get(key)
    if (!hit) return null
    if (this.now() >= hit.until) {
      this.tokens.delete(key)
      return null
    }
    return hit.token
  }

  /** Keeps `token` for `expiresInSeconds` less the margin; one living less than a second is not kept. */
  set(k: TokenKey, token: string, expiresInSeconds: number): void {
    const margin = Math.min(60, expiresInSeconds / 10)
    const life = (expiresInSeconds - margin) * 1000
    if (!(life >= 1000)) return
    const key = this.keyOf(k)
    this.tokens.delete(key)
    if (this.tokens.size >= MAX_TOKENS) {
      const oldest = this.tokens.keys().next().value
      if (oldest !== undefined) this.tokens.delete(oldest)
    }
    this.tokens.set(key, { token, until: this.now() + life })
  }

  /** Forgets the account's tokens (its credentials changed, or DataTrails refused one). */
  forget(account: string): void {
    for (const key of this.tokens.keys()) if (key.startsWith(`${account}\u0000`)) this.tokens.delete(key)
  }
}
