// Typed calls of the account administration API (spec accounts-and-api §7 Authentication, Accounts,
// Members and teams, MFA; §8 defaults and SDK messages; §9 "Auth refresh 300000 ms"). Built on
// SextantClient.call, so input and answers are checked against the contract's schemas.
import type { Role } from '@sextant/contract'
import type { SextantClient } from './client'
import { clientError, isSdkError, sdkMessages } from './errors'
import type { CallResult } from './types'

export const AUTH_REFRESH_MS = 300_000

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function account(id: string | null | undefined): string {
  if (!id?.trim()) throw clientError(sdkMessages.noAccount)
  return id
}
function accountUuid(id: string | null | undefined): string {
  if (!id?.trim()) throw clientError(sdkMessages.noAccountUuid)
  return id
}
function email(value: string | null | undefined): string {
  if (!value || !EMAIL.test(value.trim())) throw clientError(sdkMessages.emailMissing)
  return value.trim()
}

/** Answers `fallback` when the server answers one of `statuses` (the §8 defaults), else rethrows. */
async function orDefault<T>(work: Promise<T>, statuses: number[], fallback: T): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (isSdkError(error) && statuses.includes(error.status)) return fallback
    throw error
  }
}

export function accountsApi(client: SextantClient) {
  const methods = {
    login: (address: string, password: string) =>
      client.call('login', { body: { email: email(address), password } }),
    register: (address: string, password: string, name?: string) =>
      client.call('register', { body: { email: email(address), password, ...(name ? { name } : {}) } }),
    /** Completes a sign-up with the token of its e-mail; answers a session (issue 13 item 7). */
    confirmSignUp: (token: string) => client.call('confirmSignUp', { body: { token } }),
    /** Accepts an invitation with the token of its e-mail; a password (and name) for a new address. */
    acceptInvitation: (token: string, password?: string, name?: string) =>
      client.call('acceptInvitation', {
        body: { token, ...(password ? { password } : {}), ...(name ? { name } : {}) },
      }),
    forget: (address: string) => client.call('forget', { query: { email: email(address) } }),
    resetPassword: (token: string, password: string) =>
      client.call('resetPassword', { body: { token, password } }),
    logout: () => client.call('logout'),
    me: () => client.call('usersMe'),
    /** §8: a failed refresh answers false. */
    refresh: () =>
      orDefault(
        client.call('refresh').then(() => true),
        [0, 400, 401, 403],
        false,
      ),

    accounts: (memberEmail?: string) =>
      client.call('accountList', memberEmail ? { query: { q: `member_email=${email(memberEmail)}` } } : {}),
    account: (id: string) => client.call('accountGet', { params: { id: account(id) } }),
    createAccount: (name: string, address: string) =>
      client.call('accountCreate', { body: { name, email: email(address) } }),
    updateAccount: (id: string, body: { name?: string; email?: string }) =>
      client.call('accountUpdate', { params: { id: accountUuid(id) }, body }),
    deleteAccount: (id: string, check: string) =>
      client.call('accountDelete', { params: { id: accountUuid(id) }, query: { check } }),
    activateAccount: (id: string, active: boolean) =>
      client.call('accountActivation', {
        params: { id: accountUuid(id) },
        query: { active: String(active) as 'true' | 'false' },
      }),
    /** §8: 404 on a property read answers null. */
    property: (owner: 'accounts' | 'teams', id: string, name: string) =>
      orDefault<unknown>(
        client.call(owner === 'accounts' ? 'accountPropertyGet' : 'teamPropertyGet', {
          params: { id: uuidOf(owner, id), name },
        }),
        [404],
        null,
      ),
    setProperty: (
      owner: 'accounts' | 'teams',
      id: string,
      name: string,
      value: Record<string, unknown> | null,
    ) =>
      client.call(owner === 'accounts' ? 'accountPropertySet' : 'teamPropertySet', {
        params: { id: uuidOf(owner, id), name },
        body: value,
      }),
    configuration: (id: string) => client.call('accountConfigurationGet', { params: { id: account(id) } }),
    setConfiguration: (id: string, body: Parameters<typeof configurationBody>[0]) =>
      client.call('accountConfigurationSet', { params: { id: account(id) }, body: configurationBody(body) }),
    paygTokens: (id: string) => client.call('accountPayg', { params: { id: accountUuid(id) } }),
    tokens: (id: string) => client.call('tokenList', { params: { id: account(id) } }),
    createToken: (id: string, name: string, expiresInDays?: number) =>
      client.call('tokenCreate', {
        params: { id: account(id) },
        body: { name, ...(expiresInDays ? { expiresInDays } : {}) },
      }),
    revokeToken: (id: string, tokenId: string) =>
      client.call('tokenRevoke', { params: { id: account(id), tokenId } }),
    supportToken: (id: string) => client.call('supportTokenGet', { params: { id: account(id) } }),
    createSupportToken: (id: string) => client.call('supportTokenCreate', { params: { id: account(id) } }),

    features: () => client.call('adminFeatures'),
    setFeatures: (id: string, names: string[]) =>
      client.call('accountFeaturesSet', {
        params: { id: accountUuid(id) },
        query: { names: names.join(',') },
      }),
    plans: () => client.call('adminPlans'),
    setPlan: (id: string, name: string) =>
      client.call('accountPlanSet', { params: { id: accountUuid(id) }, query: { name } }),
    scopes: () => client.call('adminScopes'),
    /** §8: a failing languages fetch answers an empty list. */
    languages: (tool?: 'boss' | 'bossc' | 'isaac') =>
      orDefault(
        client.call('adminLanguages', tool ? { query: { tool } } : {}),
        [0, 400, 401, 403, 404, 500, 503],
        [],
      ),
    supportedLanguages: () =>
      orDefault(client.call('supportedLanguages'), [0, 400, 401, 403, 404, 500, 503], [] as string[]),
    siteStats: () => client.call('siteStats'),
    /** GET /admin/server/site/network: outside services, their last outcomes and the SSRF policy (sysadmin). */
    siteNetwork: () => client.call('siteNetwork'),
    /** GET /api/v1/admin/storage: bytes stored per account and shared (sysadmin; issue 20). */
    storage: () => client.call('adminStorage'),

    /** §8: member list failures answer an empty list. */
    members: (id: string) =>
      orDefault(
        client.call('memberList', { params: { id: account(id) } }),
        [0, 400, 401, 403, 404, 500],
        [] as CallResult<'memberList'>,
      ),
    member: (id: string, member: string) => client.call('memberGet', { params: { id: account(id), member } }),
    addMember: (id: string, name: string, address: string, role?: Role) =>
      client.call('memberCreate', {
        params: { id: accountUuid(id) },
        body: { name, email: email(address), ...(role ? { role } : {}) },
      }),
    /** Only the role is the account's to change (a name is the user's own: 403). */
    updateMember: (id: string, member: string, body: { role?: Role }) =>
      client.call('memberUpdate', { params: { id: accountUuid(id), member }, body }),
    removeMember: (id: string, member: string) =>
      client.call('memberDelete', { params: { id: accountUuid(id), member } }),
    setPrimaryTeam: (id: string, member: string, teamuuid: string) =>
      client.call('memberPrimaryTeam', { params: { id: accountUuid(id), member }, query: { teamuuid } }),

    teams: (id: string) => client.call('teamList', { params: { id: account(id) } }),
    createTeam: (body: { name: string; description?: string; active?: boolean }) =>
      client.call('teamCreate', { body }),
    updateTeam: (id: string, body: { name?: string; description?: string; active?: boolean }) =>
      client.call('teamUpdate', { params: { id: uuidOf('teams', id) }, body }),
    deleteTeam: (id: string) => client.call('teamDelete', { params: { id: uuidOf('teams', id) } }),
    /** §8: team member list failures answer an empty list. */
    teamMembers: (id: string) =>
      orDefault(
        client.call('teamMembers', { params: { id: uuidOf('teams', id) } }),
        [0, 400, 401, 403, 404, 500],
        [] as CallResult<'teamMembers'>,
      ),
    addTeamMember: (id: string, body: TeamMemberAddBody) =>
      client.call('teamMemberAdd', { params: { id: uuidOf('teams', id) }, body }),
    updateTeamMember: (id: string, memberId: string, role: 'Administrator' | 'Collaborator' | 'Viewer') =>
      client.call('teamMemberUpdate', { params: { id: uuidOf('teams', id), memberId }, body: { role } }),
    removeTeamMember: (id: string, memberId: string) =>
      client.call('teamMemberRemove', { params: { id: uuidOf('teams', id), memberId } }),

    mfaStatus: () => client.call('mfaAppStatus'),
    mfaInitialize: () => client.call('mfaAppInitialize'),
    mfaDeactivate: () => client.call('mfaAppDeactivate'),
    mfaValidate: (method: 'app' | 'sms' | 'scratch', totp: string, isSetup = false) =>
      client.call('mfaValidate', {
        params: { method },
        query: isSetup ? { isSetup: 'true' } : {},
        body: { totp },
      }),
    /** Sends an SMS code: to `phone` when setting SMS up, else to the phone set up (at sign-in). */
    mfaSendSms: (phone?: string) => client.call('mfaSmsAuthenticate', { body: phone ? { phone } : {} }),
    scratchCodes: () => client.call('scratchCodesList'),
    createScratchCodes: () => client.call('scratchCodesCreate'),
    deleteScratchCodes: () => client.call('scratchCodesDelete'),
    memberMfa: (member: string) => client.call('memberMfaGet', { params: { member } }),
    resetMemberMfa: (member: string) =>
      client.call('memberMfaReset', { params: { member }, body: { reset: true } }),
  }
  return rejectingThrows(methods)
}

/** Input checks throw synchronously; callers get them as rejected promises like every other failure. */
export function rejectingThrows<T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  methods: T,
): T {
  const wrapped: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(methods)) {
    wrapped[name] = (...args: never[]) => {
      try {
        return method(...args)
      } catch (error) {
        return Promise.reject(error)
      }
    }
  }
  return wrapped as T
}

type TeamMemberAddBody = {
  uuid?: string
  role?: 'Administrator' | 'Collaborator' | 'Viewer'
  membership?: { name?: string; email: string; role?: Role }
}

function configurationBody(body: {
  analysisScopes?: Partial<
    Record<'security' | 'stability' | 'licensing', ('prod' | 'dev' | 'test' | 'provided' | 'optional')[]>
  >
  thresholds?: Partial<Record<'security' | 'stability' | 'licensing', number>>
  scoringAlgorithm?: 'cvss' | 'severity'
  autoMitigation?: {
    epss?: number | null
    cvss?: number | null
    severity?: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'SUGGEST' | null
  }
}) {
  return body
}

function uuidOf(owner: 'accounts' | 'teams', id: string): string {
  if (!id?.trim()) throw clientError(`Cannot detect ${owner} uuid`)
  return id
}

/**
 * Refreshes the access token every AUTH_REFRESH_MS (§9) while signed in; `onExpired` runs when a refresh
 * fails (the session ended: the app drops the stored token and shows sign-in). Answers a stop function.
 */
export function startTokenRefresh(
  api: Pick<ReturnType<typeof accountsApi>, 'refresh'>,
  onExpired: () => void,
  every = AUTH_REFRESH_MS,
): () => void {
  const timer = setInterval(() => {
    void api.refresh().then((ok) => {
      if (!ok) onExpired()
    })
  }, every)
  return () => clearInterval(timer)
}

export type AccountsApi = ReturnType<typeof accountsApi>
