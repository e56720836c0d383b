// Typed calls of the asset-tracking integration (DataTrails, formerly RKVST; spec accounts-and-api §7
// "Asset-tracking integration", issue 17; §8 "credential and config checks treat 400 as false"). The
// account is 'me' (the caller's) or a uuid; a branch name is sent encoded as one path segment.
import type { RkvstCheck, RkvstCheckBody, RkvstCredentialsBody } from '@sextant/contract'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'
import { accountId, checkCall } from './integration'

function branchParams(account: string, project: string, branch: string) {
  if (!project?.trim()) throw clientError(sdkMessages.noProject)
  if (!branch?.trim()) throw clientError(sdkMessages.missingInformation)
  return { id: accountId(account), projectId: project.trim(), branch }
}

export function rkvstApi(client: SextantClient) {
  return {
    /** The account's project branches with their DataTrails assets. */
    projects: async (account: string) => client.call('rkvstProjects', { params: { id: accountId(account) } }),
    link: async (account: string, project: string, branch: string) =>
      client.call('rkvstLink', { params: branchParams(account, project, branch) }),
    unlink: async (account: string, project: string, branch: string) =>
      client.call('rkvstUnlink', { params: branchParams(account, project, branch) }),
    /** Publishes the branch's latest report (SBOM blob + event); answers the SBOM. */
    publish: async (account: string, project: string, branch: string) =>
      client.call('rkvstPublish', { params: branchParams(account, project, branch) }),
    history: async (account: string, project: string, branch: string) =>
      client.call('rkvstHistory', { params: branchParams(account, project, branch) }),
    publishSbom: async (account: string, sbomId: string) =>
      client.call('rkvstSbomPublish', { params: { id: accountId(account), sbomId } }),
    withdrawSbom: async (account: string, sbomId: string) =>
      client.call('rkvstSbomWithdraw', { params: { id: accountId(account), sbomId } }),
    credentials: async (account: string) =>
      client.call('rkvstCredentialsGet', { params: { id: accountId(account) } }),
    /** Leave `clientSecret` out to keep the stored one (same address; required the first time). */
    saveCredentials: async (account: string, body: RkvstCredentialsBody) =>
      client.call('rkvstCredentialsSet', { params: { id: accountId(account) }, body }),
    checkCredentials: async (account: string, override?: RkvstCheckBody): Promise<RkvstCheck> =>
      checkCall(
        client.call('rkvstCredentialsCheck', { params: { id: accountId(account) }, body: override ?? {} }),
      ),
  }
}

export type RkvstApi = ReturnType<typeof rkvstApi>
