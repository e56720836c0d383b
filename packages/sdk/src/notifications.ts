// Typed calls of notifications (issue 16; spec accounts-and-api §7 "Notifications"): an account's channels
// (secrets written only: answers carry secretSet), rules, the delivery log and a channel test, the spec's
// notify_test, send_email (its `recepients` spelling) and config, the caller's own alert e-mails
// (stop / resume) and the one-click unsubscribe of an alert e-mail. The account is 'me' (the caller's)
// or a uuid; a missing id fails before any request.
import type { ChannelKind } from '@sextant/contract'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'
import { accountId } from './integration'
import type { CallOptions } from './types'

/** What a channel or rule change sends (defaults such as a rule's mode may be left out). */
export type ChannelInput = CallOptions<'notificationChannelCreate'>['body']
export type RuleInput = CallOptions<'notificationRuleCreate'>['body']

function required(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.missingInformation)
  return value.trim()
}

export interface DeliveryFilters {
  limit?: number
  status?: 'pending' | 'sending' | 'sent' | 'failed' | 'digest' | 'digested' | 'held'
}

export function notificationsApi(client: SextantClient) {
  const channel = (account: string, id: string) => ({ id: accountId(account), channelId: required(id) })
  const rule = (account: string, id: string) => ({ id: accountId(account), ruleId: required(id) })
  return {
    channels: async (account: string) =>
      client.call('notificationChannelList', { params: { id: accountId(account) } }),
    createChannel: async (account: string, body: ChannelInput) =>
      client.call('notificationChannelCreate', { params: { id: accountId(account) }, body }),
    /** Leave the secret out to keep the stored one (only while the URL keeps its origin). */
    updateChannel: async (account: string, id: string, body: ChannelInput) =>
      client.call('notificationChannelUpdate', { params: channel(account, id), body }),
    deleteChannel: async (account: string, id: string) =>
      client.call('notificationChannelDelete', { params: channel(account, id) }),
    /** Sends a test message now; a failure comes back as 200 with its reason in `failed`. */
    testChannel: async (account: string, id: string) =>
      client.call('notificationChannelTest', { params: channel(account, id) }),

    rules: async (account: string) =>
      client.call('notificationRuleList', { params: { id: accountId(account) } }),
    createRule: async (account: string, body: RuleInput) =>
      client.call('notificationRuleCreate', { params: { id: accountId(account) }, body }),
    updateRule: async (account: string, id: string, body: RuleInput) =>
      client.call('notificationRuleUpdate', { params: rule(account, id), body }),
    deleteRule: async (account: string, id: string) =>
      client.call('notificationRuleDelete', { params: rule(account, id) }),

    /** The delivery log, newest first (default 50). */
    deliveries: async (account: string, filters: DeliveryFilters = {}) =>
      client.call('notificationDeliveries', { params: { id: accountId(account) }, query: filters }),

    /** §7: a test message through the caller's account channels of a type, or only a team's. */
    notifyTest: async (type: ChannelKind, team?: string) =>
      client.call('notifyTest', { query: team ? { type, team } : { type } }),
    /** §7: an e-mail to members of the caller's account (the spec spells the field `recepients`). */
    sendEmail: async (subject: string, content: string, recepients: readonly string[]) => {
      if (recepients.length === 0) throw clientError(sdkMessages.missingInformation)
      return client.call('sendEmail', {
        body: { subject: required(subject), content: required(content), recepients: [...recepients] },
      })
    },
    /** §7: the caller's account configuration: SMTP available, channels and rules (no secret). */
    config: async () => client.call('notificationConfig', {}),
    /** The caller's own alert e-mails: the e-mail channels listing their address, and whether they get them. */
    mySubscriptions: async () => client.call('mySubscriptions', {}),
    /** Stops (false) or resumes (true) the caller's own alert e-mails of one channel. */
    setMySubscription: async (channel: string, subscribed: boolean) =>
      client.call('mySubscriptionSet', { params: { channelId: required(channel) }, body: { subscribed } }),
    /** The signed token of an alert e-mail's unsubscribe link. */
    unsubscribe: async (token: string) =>
      client.call('notificationUnsubscribe', { query: { token: required(token) } }),
  }
}

export type NotificationsApi = ReturnType<typeof notificationsApi>
