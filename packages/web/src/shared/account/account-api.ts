// The account administration calls of the web app (spec accounts-and-api §7), through the SDK's typed
// accountsApi over the app's one client; and the message a person sees when a call fails (§8).
import { accountsApi, tagsApi } from '@sextant/sdk'
import { sdk } from '../../lib/sdk'

export { failureMessage } from '../../lib/sdk'

export const accountApi = accountsApi(sdk)
export const tagApi = tagsApi(sdk)

export const ACCOUNT_QUERY_KEY = ['account-admin'] as const
