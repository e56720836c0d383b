// Typed calls of the Slack chat-channel locks (issue 16; spec accounts-and-api §4 "Chat-channel locks:
// borrow, status, rental time", §7 "Notifications"): always the signed-in caller's account. Missing input
// fails before any request with the §8 SDK message 'Required information not provided.'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'

function required(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.missingInformation)
  return value.trim()
}

export function notificationLocksApi(client: SextantClient) {
  return {
    /** Borrows the account's Slack channel for the team (or renews its borrowing); 409 while another holds it. */
    borrow: async (teamUuid: string) =>
      client.call('slackLockBorrow', { query: { teamUuid: required(teamUuid), state: 'borrowed' } }),
    /** Gives the channel back (the holding team only). */
    release: async (teamUuid: string) =>
      client.call('slackLockBorrow', { query: { teamUuid: required(teamUuid), state: 'free' } }),
    /** The lock's state; with a team, whether that team holds it. */
    status: async (team?: string) => client.call('slackLockStatus', { query: team ? { team } : {} }),
    rentalTime: async () => (await client.call('slackLockRentalTime')).seconds,
    info: async (ticket: string) => client.call('slackInfo', { query: { ticket: required(ticket) } }),
  }
}

export type NotificationLocksApi = ReturnType<typeof notificationLocksApi>
