// Typed calls of the metrics integration (spec accounts-and-api §7 "Metrics integration", issue 17; §8
// "credential and config checks treat 400 as false"). The account is 'me' (the caller's) or a uuid.
import type { DatadogCheck, DatadogCheckBody, DatadogSetupBody } from '@sextant/contract'
import type { SextantClient } from './client'
import { accountId, checkCall } from './integration'

export function datadogApi(client: SextantClient) {
  return {
    setup: async (account: string) => client.call('datadogSetupGet', { params: { id: accountId(account) } }),
    /** Leave `apiKey` out to keep the stored one (for the same API address; required the first time). */
    saveSetup: async (account: string, setup: DatadogSetupBody) =>
      client.call('datadogSetupSet', { params: { id: accountId(account) }, body: setup }),
    /** Asks Datadog whether the key is valid; fields given override the stored ones. */
    checkCredentials: async (account: string, override?: DatadogCheckBody): Promise<DatadogCheck> =>
      checkCall(
        client.call('datadogCredentialsCheck', { params: { id: accountId(account) }, body: override ?? {} }),
      ),
    history: async (account: string) => client.call('datadogHistory', { params: { id: accountId(account) } }),
    /** Submits the account's metrics now; the answer says whether Datadog took them. */
    sendNow: async (account: string) => client.call('datadogSendNow', { params: { id: accountId(account) } }),
  }
}

export type DatadogApi = ReturnType<typeof datadogApi>
