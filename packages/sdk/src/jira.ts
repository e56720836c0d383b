// Typed calls of the issue-tracker integration (spec accounts-and-api §7 "Issue tracker"; §8 "credential
// and config checks treat 400 as false"). The account is 'me' (the caller's) or a uuid; missing input
// fails before any request with the §8 SDK messages. Checks answer {valid, message}: a 400 becomes
// valid false with the server's reason, any other failure throws.
import type {
  JiraAccountConfigBody,
  JiraCheck,
  JiraIssueCreateBody,
  JiraProjectConfigBody,
} from '@sextant/contract'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'
import { accountId, checkCall } from './integration'

function projectId(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.noProject)
  return value.trim()
}

function required(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.missingInformation)
  return value.trim()
}

/** §8: a check answering 400 is false (with the server's reason); other failures throw. */
const check = (call: Promise<JiraCheck>): Promise<JiraCheck> => checkCall(call)

export function jiraApi(client: SextantClient) {
  return {
    accountConfig: async (account: string) =>
      client.call('jiraAccountConfigGet', { params: { id: accountId(account) } }),
    /** Leave `apiToken` out to keep the stored one (it is required the first time). */
    setAccountConfig: async (account: string, config: JiraAccountConfigBody) =>
      client.call('jiraAccountConfigSet', { params: { id: accountId(account) }, body: config }),
    /** Asks Jira who the credentials are; fields given override the stored ones. */
    checkAccountConfig: async (account: string, override?: Partial<JiraAccountConfigBody>) =>
      check(
        client.call('jiraAccountConfigCheck', {
          params: { id: accountId(account) },
          body: override ?? {},
        }),
      ),

    projectConfig: async (account: string, project: string) =>
      client.call('jiraProjectConfigGet', {
        params: { id: accountId(account), projectId: projectId(project) },
      }),
    setProjectConfig: async (account: string, project: string, config: JiraProjectConfigBody) =>
      client.call('jiraProjectConfigSet', {
        params: { id: accountId(account), projectId: projectId(project) },
        body: config,
      }),
    checkProjectConfig: async (
      account: string,
      project: string,
      override?: { projectKey?: string; issueType?: string },
    ) =>
      check(
        client.call('jiraProjectConfigCheck', {
          params: { id: accountId(account), projectId: projectId(project) },
          body: override ?? {},
        }),
      ),

    /** The Jira projects the configured user can see. */
    remoteProjects: async (account: string) =>
      client.call('jiraRemoteProjects', { params: { id: accountId(account) } }),
    /** A Jira project's issue types with the fields each requires. */
    issueMeta: async (account: string, key: string) =>
      client.call('jiraIssueMeta', { params: { id: accountId(account), key: required(key) } }),

    issues: async (account: string, project: string) =>
      client.call('jiraIssueList', { params: { id: accountId(account), projectId: projectId(project) } }),
    /** Creates the Jira issue of one advice (the server answers 201). */
    createIssue: async (account: string, project: string, issue: JiraIssueCreateBody) => {
      required(issue.reportId)
      required(issue.adviceId)
      required(issue.summary)
      return client.call('jiraIssueCreate', {
        params: { id: accountId(account), projectId: projectId(project) },
        body: issue,
      })
    },
  }
}

export type JiraApi = ReturnType<typeof jiraApi>
