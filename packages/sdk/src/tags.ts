// Typed calls of the account tags (spec accounts-and-api §7 "Tags: GET and POST /api/v1/accounts/me/tags;
// POST and DELETE /api/v1/accounts/me/tags/{id}") and isaac policies (§7 "GET /api/v1/isaac/me/policies;
// POST /api/v1/isaac/me/policies/{sysid}"), always of the signed-in caller's account. Missing input
// fails before any request with the §8 SDK message 'Required information not provided.'
import type { IsaacPolicyBody } from '@sextant/contract'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'

function required(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.missingInformation)
  return value.trim()
}

export function tagsApi(client: SextantClient) {
  return {
    tags: async () => client.call('tagList'),
    /** `projects`: uuids of the account's projects the tag marks. */
    createTag: async (name: string, projects?: string[]) =>
      client.call('tagCreate', { body: { name: required(name), ...(projects ? { projects } : {}) } }),
    /** Renames the tag and/or replaces the whole list of projects it marks. */
    updateTag: async (id: string, change: { name?: string; projects?: string[] }) =>
      client.call('tagUpdate', { params: { id: required(id) }, body: change }),
    deleteTag: async (id: string) => client.call('tagDelete', { params: { id: required(id) } }),

    isaacPolicies: async () => client.call('isaacPolicyList'),
    /** Sets one isaac policy whole: enabled, severity and its tags (none when left out). */
    setIsaacPolicy: async (
      sysid: string,
      policy: { enabled: boolean; severity: IsaacPolicyBody['severity']; tags?: string[] },
    ) => client.call('isaacPolicySet', { params: { sysid: required(sysid) }, body: { tags: [], ...policy } }),
  }
}

export type TagsApi = ReturnType<typeof tagsApi>
