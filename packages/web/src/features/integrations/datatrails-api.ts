// The DataTrails calls of the integrations page (spec accounts-and-api §7 "Asset-tracking integration")
// through the SDK's typed rkvstApi over the app's one client, and their query keys.
import { rkvstApi } from '@sextant/sdk'
import { sdk } from '../../lib/sdk'

export const datatrails = rkvstApi(sdk)

export const datatrailsKeys = {
  credentials: (accountId: string) => ['rkvst', 'credentials', accountId] as const,
  branches: (accountId: string) => ['rkvst', 'branches', accountId] as const,
  history: (accountId: string, projectId: string, branch: string) =>
    ['rkvst', 'history', accountId, projectId, branch] as const,
}

/** What the signed-in member may do with DataTrails (§6), worked out by the page. */
export interface DataTrailsRights {
  /** Set and check the application credentials (configuration edit). */
  configure: boolean
  /** Link and unlink branches (projects edit). */
  linkBranches: boolean
  /** Publish reports, withdraw and re-publish SBOMs (reports edit). */
  publish: boolean
}
