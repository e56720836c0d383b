// The Authorization header of spec accounts-and-api §7: "a Bearer or token prefix plus the stored
// access token". Bearer carries a login access token, Token an API token; null means the default account.
import { clientError, sdkMessages } from './errors'

export interface SdkAuth {
  type: 'bearer' | 'token'
  token: string
}

/** A fixed value, or a function read at every call (the web app's token lives in storage). */
export type SdkAuthSource = SdkAuth | null | (() => SdkAuth | null)

export function resolveAuth(source: SdkAuthSource | undefined): SdkAuth | null {
  if (source === undefined || source === null) return null
  return typeof source === 'function' ? source() : source
}

/** Returns the header value, or null for no header; throws the spec's messages for a bad setting. */
export function authorizationHeader(auth: SdkAuth | null): string | null {
  if (auth === null) return null
  const type: unknown = auth.type
  if (type !== 'bearer' && type !== 'token') throw clientError(sdkMessages.authTypeInvalid)
  const token = typeof auth.token === 'string' ? auth.token.trim() : ''
  if (type === 'token') {
    if (!token) throw clientError(sdkMessages.tokenMissing)
    return `Token ${token}`
  }
  if (!token) throw clientError(sdkMessages.credentialsInvalid)
  return `Bearer ${token}`
}
