// @sextant/sdk: the typed API client over @sextant/contract (DESIGN §1; accounts-and-api §7-§9).
// Used by the web app and the CLI; the only way either talks to the server.
export { type AccountsApi, AUTH_REFRESH_MS, accountsApi, startTokenRefresh } from './accounts'
export type { SdkAuth, SdkAuthSource } from './auth'
export { authorizationHeader } from './auth'
export { type CliApi, cliApi } from './cli'
export {
  createSextantClient,
  type DownloadedFile,
  SDK_USER_AGENT,
  type SextantClient,
  type SextantClientOptions,
  type UploadOptions,
} from './client'
export { type ComponentsApi, componentsApi } from './components'
export { type DatadogApi, datadogApi } from './datadog'
export { isSdkError, SdkError, sdkMessages } from './errors'
export { type InsightsApi, type InsightsFilters, insightsApi } from './insights'
export { type JiraApi, jiraApi } from './jira'
export {
  INTERNAL_ERROR_REASON,
  LICENCE_SEARCH_MINIMUM,
  type LicenceChangeFailure,
  type LicenceChangeResult,
  type LicenceLibrary,
  type LicencesApi,
  licenceFailureReason,
  licencesApi,
} from './licences'
export { type NotificationLocksApi, notificationLocksApi } from './notification-locks'
export {
  type ChannelInput,
  type DeliveryFilters,
  type NotificationsApi,
  notificationsApi,
  type RuleInput,
} from './notifications'
export { type RkvstApi, rkvstApi } from './rkvst'
export { type StatsApi, statsApi } from './stats'
export { type TagsApi, tagsApi } from './tags'
export type { CallArgs, CallOptions, CallResult, StreamRouteName } from './types'
export type { ManifestFile } from './uploads'
export { buildPath, buildQuery } from './url'
export { type AdviceFilters, type VulnListFilters, type VulnsApi, vulnsApi } from './vulns'
