// The notifications screen's server state (issue 16 "Screens"): the SDK's notification calls on the web
// app's client and the query keys the cards share, so a change in one card refreshes the others.
import { isSdkError, notificationsApi } from '@sextant/sdk'
import { sdk } from '../../lib/sdk'

export const notifications = notificationsApi(sdk)

export const notificationKeys = {
  all: (account: string) => ['notifications', account] as const,
  channels: (account: string) => ['notifications', account, 'channels'] as const,
  rules: (account: string) => ['notifications', account, 'rules'] as const,
  deliveries: (account: string) => ['notifications', account, 'deliveries'] as const,
}

export function failureText(error: unknown): string {
  if (isSdkError(error) || error instanceof Error) return error.message
  return 'Something went wrong: try again.'
}
