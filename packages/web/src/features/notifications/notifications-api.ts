// The notifications screen's server state (issue 16 "Screens"): the SDK's notification calls on the web
// app's client and the query keys the cards share, so a change in one card refreshes the others.
import { accountsApi, isSdkError, notificationsApi } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

export const notifications = notificationsApi(sdk)
const accounts = accountsApi(sdk)

export const notificationKeys = {
  all: (account: string) => ['notifications', account] as const,
  channels: (account: string) => ['notifications', account, 'channels'] as const,
  rules: (account: string) => ['notifications', account, 'rules'] as const,
  deliveries: (account: string) => ['notifications', account, 'deliveries'] as const,
}

/** The account's active teams as choices ("Everyone" left out: no team means the whole account). */
export function useTeamChoices(account: string): { value: string; label: string }[] {
  const teams = useQuery({
    queryKey: ['notifications', account, 'teams'],
    queryFn: () => accounts.teams(account),
  })
  return (teams.data ?? [])
    .filter((t) => t.active && !t.everyone)
    .map((t) => ({ value: t.uuid, label: t.name }))
}

export function failureText(error: unknown): string {
  if (isSdkError(error) || error instanceof Error) return error.message
  return 'Something went wrong: try again.'
}
