// The one SDK client of the web app: same origin, Bearer access token read from storage at every call
// (spec report-page §7; accounts-and-api §7). Browsers forbid User-Agent, so none is set. And the message
// a person sees when a call fails (§8).
import { createSextantClient, isSdkError } from '@sextant/sdk'
import { readToken } from './auth-storage'

export const sdk = createSextantClient({
  baseUrl: window.location.origin,
  auth: () => {
    const token = readToken()
    return token ? { type: 'bearer', token } : null
  },
  userAgent: null,
})

export function failureMessage(error: unknown): string {
  if (isSdkError(error) || error instanceof Error) return error.message
  return 'Something went wrong: try again.'
}
