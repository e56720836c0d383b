// Issue 7 acceptance 1: every route of the contract's table × every role gets the answer the §6 matrix
// (http/permissions.ts) says; a route missing from `expectations` fails with its name; another account's
// uuid answers 404 without data. Acceptance 3: no answer of the walk leaks a hash or a secret. Issue 13
// acceptance 2: every write is refused to a Viewer, the team roles and anonymous callers unless the matrix
// grants it, on real targets they can see, and a refused write changes no stored row (write-walk.ts). Team
// visibility (services/projects.access.ts): every project route, called for a project of another team,
// answers the team roles exactly what it answers for no project at all, and lists and counts leave it out.
import { readFileSync } from 'node:fs'
import { type RouteDef, routes } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MatrixRole, permissionMatrix } from '../../http/permissions'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { type FakeDatadog, startFakeDatadog } from '../../testing/fake-datadog'
import { type FakeDataTrails, startFakeDataTrails } from '../../testing/fake-datatrails'
import { type FakeJira, startFakeJira } from '../../testing/fake-jira'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
} from '../../testing/instance'
import { leaks, membershipOf, RecordingApi, sessionFor } from './test-kit'
import { changedTables, fingerprint, isWrite, matrixGrants, selfService, writeNeeds } from './write-walk'

type Caller =
  | 'anonymous'
  | 'Viewer'
  | 'Collaborator'
  | 'Administrator'
  | 'TeamAdministrator'
  | 'TeamCollaborator'
  | 'TeamViewer'
  | 'sysadmin'
  | 'otherAdmin'
const callers: Caller[] = [
  'anonymous',
  'Viewer',
  'Collaborator',
  'Administrator',
  'TeamAdministrator',
  'TeamCollaborator',
  'TeamViewer',
  'sysadmin',
  'otherAdmin',
]

/** 'ok' = past the permission layer (not 401/403, not 5xx); else the exact status. */
type Outcome = 'ok' | 401 | 403 | 404 | 503
type Expect = 'matrix' | ((caller: Caller) => Outcome)

const byAccess =
  (access: RouteDef['access']) =>
  (c: Caller): Outcome =>
    access === 'member' && c === 'anonymous' ? 401 : 'ok'
const ownAccountOnly =
  (access: RouteDef['access']) =>
  (c: Caller): Outcome =>
    c === 'otherAdmin' ? 404 : byAccess(access)(c)

// Every route must be here. Routes with a contract `permission` follow the matrix; the others say
// what their handler decides (access level, sysadmin-only, or own-account).
const expectations: Record<string, Expect> = {
  healthcheck: byAccess('public'),
  cliInfo: byAccess('public'),
  cliUpdateCheck: byAccess('public'),
  cliUpdateGet: byAccess('public'),
  login: byAccess('public'),
  usersMe: byAccess('member'),
  accountGet: ownAccountOnly('anonymous'),
  accountProjects: (c) => (c === 'otherAdmin' || c === 'anonymous' ? 404 : 'ok'),
  accountProjectsCount: (c) => (c === 'otherAdmin' || c === 'anonymous' ? 404 : 'ok'),
  reportSummary: byAccess('anonymous'),
  projectGet: byAccess('anonymous'),
  publicProjects: byAccess('anonymous'),
  reportLatest: byAccess('anonymous'),
  reportById: byAccess('anonymous'),
  reportOutline: byAccess('anonymous'),
  reportOutlineById: byAccess('anonymous'),
  reportSection: byAccess('anonymous'),
  reportHistory: byAccess('anonymous'),
  reportDelta: byAccess('anonymous'),
  notificationUnsubscribe: byAccess('public'),
  notificationUnsubscribeLink: byAccess('public'),
  // the caller's own alert e-mails only (notifications/subscriptions.routes.ts)
  mySubscriptions: byAccess('member'),
  mySubscriptionSet: byAccess('member'),
  advisoryDbStats: byAccess('anonymous'),
  publicVulns: byAccess('anonymous'),
  vulnCwe: byAccess('anonymous'),
  enrichmentDbStats: byAccess('anonymous'),
  dependencyAdvices: byAccess('anonymous'),
  dependencyNext: byAccess('anonymous'),
  componentRegistryUrl: byAccess('anonymous'),
  sashaReport: byAccess('anonymous'),
  vulnList: byAccess('anonymous'),
  vulnById: byAccess('anonymous'),
  register: byAccess('public'),
  confirmSignUp: byAccess('public'),
  acceptInvitation: byAccess('public'),
  forget: byAccess('public'),
  resetPassword: byAccess('public'),
  planIllustration: byAccess('public'),
  adminScopes: byAccess('anonymous'),
  adminLanguages: byAccess('anonymous'),
  supportedLanguages: byAccess('anonymous'),
  logout: byAccess('member'),
  refresh: byAccess('member'),
  mfaAppStatus: byAccess('member'),
  mfaAppInitialize: byAccess('member'),
  mfaAppDeactivate: byAccess('member'),
  mfaValidate: byAccess('member'),
  mfaSmsAuthenticate: byAccess('member'),
  scratchCodesList: byAccess('member'),
  scratchCodesCreate: byAccess('member'),
  scratchCodesDelete: byAccess('member'),
  // The caller's own account ('me' in the path): the §6 matrix decides; another account's admin gets
  // its own (empty) tags and policies, and 404 for a tag id of this account (resources/tags/tags.test.ts).
  tagList: 'matrix',
  tagCreate: 'matrix',
  tagUpdate: 'matrix',
  tagDelete: 'matrix',
  isaacPolicyList: 'matrix',
  isaacPolicySet: 'matrix',
  // The walk's server has no model configured: members hear that answers come from the advisory data.
  assistantPing: byAccess('member'),
}
// Routes of other resources that have no contract `permission` yet: their handlers decide, so the walk
// checks the access level only (401 for anonymous callers of member routes, no 5xx). Listed by name so
// that a new route must be placed here, or given a permission, before the walk passes.
const accessOnly = [
  'reportJsonDownload',
  'eraConfig',
  'eraStatus',
  'eraFile',
  'badge',
  'badgeKey',
  'exclusionsList',
  'exclusionsFile',
  'exclusionsVex',
  'triageList',
  'findingsList',
  'findingsCsv',
  'triageOpenVex',
  'findingsPlan',
  'findingsPlanPatch',
  'reportRecomputeState',
  'reportDiff',
  'reportOutcomeGet',
]
const routeTable = routes as Record<string, RouteDef>
for (const name of accessOnly) {
  const def = routeTable[name]
  if (def) expectations[name] = (c) => (def.access === 'member' && c === 'anonymous' ? 401 : 'ok')
}
for (const [name, def] of Object.entries(routeTable)) if (def.permission) expectations[name] ??= 'matrix'

function matrixOutcome(def: RouteDef, c: Caller): Outcome {
  const perm = def.permission!
  const role: MatrixRole = c === 'otherAdmin' ? 'Administrator' : c
  if (c === 'anonymous' && def.access === 'member') return 401
  const granted = permissionMatrix[role][perm.area]?.[perm.action]
  if (!granted) return c === 'anonymous' ? 401 : 403
  if (c === 'otherAdmin' && (perm.accountParam || perm.teamParam)) return 404
  return 'ok'
}

/** Callers who see a project owned by a team none of them is in: account-wide roles and sysadmins. */
const seesOtherTeams = new Set<Caller>(['Viewer', 'Collaborator', 'Administrator', 'sysadmin'])
// The walks call every route for every caller: minutes on a loaded 2-core machine, not the default 30 s.
const WALK_TIMEOUT = 300_000
const GHOST = '00000000-0000-4000-8000-00000000dead'
const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))

// Session-ending routes go last so the callers keep their sessions through the walk.
const order = (name: string) => (name === 'logout' ? 2 : name === 'refresh' ? 1 : 0)

describe.each(storageModes())('route walk on %s storage', (mode) => {
  let t: TestInstance
  let api: RecordingApi
  let jira: FakeJira
  let datadog: FakeDatadog
  let datatrails: FakeDataTrails
  const auth = new Map<Caller, string | null>()
  let accountA = ''
  let everyoneA = ''
  /** A project of account A owned by team Red, which none of the walk's callers belongs to. */
  let redProject = ''
  let redTeam = ''
  /** Targets every member of account A sees (the write walk): a project of Everyone, its build, exclusion. */
  const target = { project: '', publicProject: '', build: '', exclusion: '', viewer: '', adminToken: '' }
  const secrets: string[] = [TEST_ADMIN.password, TEST_BOOTSTRAP_TOKEN]

  beforeAll(async () => {
    // The issue-tracker routes reach a local fake Jira (so private addresses are allowed here).
    jira = await startFakeJira()
    datadog = await startFakeDatadog()
    datatrails = await startFakeDataTrails()
    t = await startTestInstance(
      mode,
      { SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true', SEXTANT_REGISTRATION: 'open' },
      { workers: false },
    )
    api = new RecordingApi(t.url)
    const db = t.sextant.db
    const sys = await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })
    auth.set('sysadmin', `Bearer ${sys.json.accessToken}`)
    auth.set('anonymous', null)
    const alice = await signUp(t, { email: 'alice@a.test', password: 'alice-password-1' })
    const bob = await signUp(t, { email: 'bob@b.test', password: 'bob-password-12' })
    secrets.push('alice-password-1', 'bob-password-12', alice.accessToken, bob.accessToken)
    auth.set('Administrator', `Bearer ${alice.accessToken}`)
    auth.set('otherAdmin', `Bearer ${bob.accessToken}`)
    accountA = alice.user.account.uuid
    // Account A has the issue tracker (feature 'jira') with a Jira site whose token must never leak.
    await db.query("UPDATE accounts SET features = array_append(features, 'jira') WHERE uuid = $1", [
      accountA,
    ])
    const site = await api.call('POST', `/api/v1/integrations/jira/accounts/${accountA}/config`, {
      auth: auth.get('Administrator')!,
      body: { baseUrl: jira.url, email: jira.email, apiToken: jira.apiToken },
    })
    expect(site.status).toBe(200)
    secrets.push(jira.apiToken)
    // And a Datadog set-up (feature 'datadog' is part of its self-hosted plan) whose key must never leak.
    const dd = await api.call('POST', `/api/v1/integrations/datadog/accounts/${accountA}/setup`, {
      auth: auth.get('Administrator')!,
      body: { site: 'custom', baseUrl: datadog.url, apiKey: datadog.apiKey },
    })
    expect(dd.status, dd.text).toBe(200)
    secrets.push(datadog.apiKey)
    // And a DataTrails application ('rkvst', also part of the plan) whose secret must never leak.
    const dt = await api.call('POST', `/api/v1/integrations/rkvst/accounts/${accountA}/credentials`, {
      auth: auth.get('Administrator')!,
      body: { baseUrl: datatrails.url, clientId: datatrails.clientId, clientSecret: datatrails.clientSecret },
    })
    expect(dt.status, dt.text).toBe(200)
    secrets.push(datatrails.clientSecret)
    for (const role of [
      'Viewer',
      'Collaborator',
      'TeamAdministrator',
      'TeamCollaborator',
      'TeamViewer',
    ] as const) {
      const email = `${role.toLowerCase()}@a.test`
      await inviteAndAccept(t, auth.get('Administrator')!, accountA, { name: role, email, role })
      auth.set(role, await sessionFor(db, (await membershipOf(db, email)).uuid))
    }
    const teams = await api.call('GET', `/api/v1/accounts/${accountA}/teams`, {
      auth: auth.get('Administrator')!,
    })
    everyoneA = String(teams.json[0]!.uuid)
    const red = await api.call('POST', '/api/v1/teams', {
      auth: auth.get('Administrator')!,
      body: { name: 'Red', description: 'a team of nobody in the walk' },
    })
    expect(red.status).toBe(200)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const up = await fetch(
      `${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&name=red-secret-project&teamUuid=${red.json.uuid}`,
      {
        method: 'POST',
        body: form,
        headers: { authorization: auth.get('Administrator')! },
      },
    )
    const upload = (await up.json()) as { projectUuid: string }
    expect(up.status, JSON.stringify(upload)).toBe(202)
    redProject = upload.projectUuid
    redTeam = String(red.json.uuid)
    await writeWalkTargets()
    for (const a of auth.values()) if (a) secrets.push(a.replace('Bearer ', ''))
  })

  /** Real things of account A (and one public project) for the write walk to aim at. */
  async function writeWalkTargets() {
    const admin = auth.get('Administrator')!
    const post = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const r = await api.call('POST', path, { auth: admin, body, ...headers })
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBeLessThan(300)
      return r.json
    }
    const uploaded = async (authorization: string | null) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
      const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
        method: 'POST',
        body: form,
        headers: authorization ? { authorization } : {},
      })
      expect(res.status).toBe(202)
      return ((await res.json()) as { projectUuid: string }).projectUuid
    }
    target.project = await uploaded(admin)
    target.publicProject = await uploaded(null)
    target.build = String(
      (await post('/api/v1/builds', { projectUuid: target.project, branch: 'main' })).uuid,
    )
    const exclusion = await post(`/api/v2/exclusions/${target.project}/main`, {
      content: JSON.stringify({
        source: 'security:cves',
        cve: 'CVE-2099-0009',
        version: '*',
        reason: 'mitigated',
        description: 'a target of the write walk',
      }),
    })
    target.exclusion = String(exclusion[0]!.id)
    target.adminToken = String((await post(`/api/v1/accounts/${accountA}/tokens`, { name: 'walk' })).uuid)
    target.viewer = (await membershipOf(t.sextant.db, 'viewer@a.test')).uuid
  }
  afterAll(async () => {
    await t?.close()
    await jira?.close()
    await datadog?.close()
    await datatrails?.close()
  })

  it('has an expectation for every route of the table', () => {
    const missing = Object.keys(routes).filter((name) => !(name in expectations))
    expect(missing, `routes missing from the walk's expectations: ${missing.join(', ')}`).toEqual([])
  })

  // Before the matrix walk: its logout and refresh end the callers' sessions.
  it(
    'answers the team roles for a project of another team exactly as for no project',
    async () => {
      const failures: string[] = []
      let seen = 0
      const path = (name: string, def: RouteDef, project: string) =>
        `${def.path.replace(/:(\w+)/g, (_, param: string) => {
          if (param === 'projectId' || (param === 'id' && name === 'projectRefresh')) return project
          if (param === 'id' && def.permission?.accountParam) return accountA
          if (param === 'domain') return 'security'
          if (param === 'format') return 'csv_vulnerabilities'
          if (param === 'branch') return 'main'
          return GHOST
        })}?branch=main`
      for (const [name, def] of Object.entries(routeTable)) {
        if (!def.path.includes(':projectId') && name !== 'projectRefresh') continue
        for (const caller of callers) {
          const call = (project: string) =>
            api.call(def.method, path(name, def, project), {
              auth: auth.get(caller) ?? null,
              body: def.method === 'GET' || def.method === 'DELETE' || def.multipart ? undefined : {},
            })
          const none = await call(GHOST)
          const other = await call(redProject)
          const sameAsNone =
            other.status === none.status && other.text.replaceAll(redProject, GHOST) === none.text
          if (seesOtherTeams.has(caller)) {
            // Past the project check: a 404 of "no such project" would mean the rule hid it from them.
            if (none.status === 404 && sameAsNone)
              failures.push(`${name} as ${caller}: the Red project is hidden (${other.text.slice(0, 120)})`)
            if (none.status === 404 && !sameAsNone) seen++
          } else if (!sameAsNone || /red-secret-project/.test(other.text)) {
            failures.push(
              `${name} as ${caller}: want the answer for no project (${none.status}), got ${other.status} ${other.text.slice(0, 160)}`,
            )
          }
        }
      }
      expect(failures).toEqual([])
      // The walk did reach the Red project for the account-wide roles on most project routes.
      expect(seen).toBeGreaterThan(40)

      const list = async (caller: Caller) => {
        const r = await api.call('GET', `/api/v1/accounts/${accountA}/projects`, { auth: auth.get(caller)! })
        const count = await api.call('GET', `/api/v1/accounts/${accountA}/projects/count`, {
          auth: auth.get(caller)!,
        })
        const dashboard = await api.call('GET', '/api/v3/reports', { auth: auth.get(caller)! })
        expect(r.status).toBe(200)
        const uuids = (r.json as unknown as { uuid: string }[]).map((p) => p.uuid)
        expect(count.json.count).toBe(uuids.length)
        // The dashboard covers the caller's own account (the sysadmin's is another one).
        if (caller !== 'sysadmin') expect(dashboard.json.projects, caller).toBe(uuids.length)
        return uuids
      }
      for (const caller of callers) {
        if (caller === 'anonymous' || caller === 'otherAdmin') continue
        expect((await list(caller)).includes(redProject), caller).toBe(seesOtherTeams.has(caller))
      }
    },
    WALK_TIMEOUT,
  )

  // Issue 13 acceptance 2. Before the matrix walk: its logout and refresh end the callers' sessions.
  it(
    'refuses every write the matrix does not grant to a Viewer, the team roles and anonymous callers',
    async () => {
      const unclassified = Object.entries(routeTable)
        .filter(([name, def]) => isWrite(def) && !def.permission && !(name in selfService))
        .map(([name]) => name)
      expect(
        unclassified,
        `writes with neither a §6 permission in the contract nor a self-service reason in write-walk.ts: ${unclassified.join(', ')}`,
      ).toEqual([])
      const db = t.sextant.db
      const failures: string[] = []
      let attempts = 0
      const writeCallers = [
        'anonymous',
        'Viewer',
        'TeamViewer',
        'TeamCollaborator',
        'TeamAdministrator',
      ] as const
      for (const [name, def] of Object.entries(routeTable)) {
        const needs = writeNeeds(def)
        if (!isWrite(def) || !needs) continue
        for (const caller of writeCallers) {
          for (const need of needs) {
            const grant = permissionMatrix[caller][need.area]?.[need.action] ?? null
            // What to try: the call itself when the matrix does not grant it; with a team role's grant on
            // teams, the same call on a team they do not administer (Red); with an 'own' grant, the call
            // on someone else's thing (the administrator's API token).
            const tries: { team: string | null; want: 'refused' | 'not-theirs' }[] = []
            if (!matrixGrants(caller, need)) tries.push({ team: null, want: 'refused' })
            else if (def.permission?.teamParam && caller.startsWith('Team'))
              tries.push({ team: redTeam, want: 'refused' })
            else if (grant === 'own' && need.action !== 'create')
              tries.push({ team: null, want: 'not-theirs' })
            for (const attempt of tries) {
              const path = `${def.path.replace(/:(\w+)/g, (_, param: string) => {
                if (param === 'projectId')
                  return need.variant === 'new'
                    ? 'new'
                    : caller === 'anonymous'
                      ? target.publicProject
                      : target.project
                if (param === 'id' && def.permission?.teamParam) return attempt.team ?? everyoneA
                if (param === 'id' && def.permission?.accountParam) return accountA
                if (param === 'id' && name === 'projectRefresh') return target.project
                if (param === 'id' && def.path.startsWith('/api/v1/builds/')) return target.build
                if (param === 'member' || param === 'memberId') return target.viewer
                if (param === 'exclusionId') return target.exclusion
                if (param === 'tokenId') return target.adminToken
                if (param === 'branch') return 'main'
                if (param === 'format') return 'vulnerabilities_csv'
                if (param === 'method') return 'app'
                if (param === 'name') return 'experimental'
                return GHOST
              })}?branch=main`
              const before = await fingerprint(db)
              let status: number
              let text: string
              if (def.multipart) {
                const form = new FormData()
                form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
                const a = auth.get(caller)
                const res = await fetch(`${t.url}${path}`, {
                  method: def.method,
                  body: form,
                  headers: a ? { authorization: a } : {},
                })
                status = res.status
                text = await res.text()
              } else {
                const r = await api.call(def.method, path, {
                  auth: auth.get(caller) ?? null,
                  body: def.method === 'DELETE' ? undefined : {},
                })
                status = r.status
                text = r.text
              }
              attempts++
              const changed = changedTables(before, await fingerprint(db))
              const ok =
                attempt.want === 'refused'
                  ? status === (caller === 'anonymous' ? 401 : 403)
                  : status >= 400 && status < 500 && status !== 401
              if (!ok || changed.length > 0)
                failures.push(
                  `${name} (${def.method} ${path}) as ${caller}${attempt.team ? ' on team Red' : ''}: want ${attempt.want}, got ${status}${changed.length ? `, changed ${changed.join(', ')}` : ''} ${text.slice(0, 160)}`,
                )
            }
          }
        }
      }
      expect(failures).toEqual([])
      expect(attempts).toBeGreaterThan(150)
    },
    WALK_TIMEOUT,
  )

  it(
    'answers every route × role as the matrix says',
    async () => {
      const failures: string[] = []
      const names = (Object.keys(routes) as (keyof typeof routes)[]).sort((a, b) => order(a) - order(b))
      for (const name of names) {
        const def: RouteDef = routes[name]
        const expectation = expectations[name]
        if (!expectation) continue
        for (const caller of callers) {
          const want = expectation === 'matrix' ? matrixOutcome(def, caller) : expectation(caller)
          const path = def.path.replace(/:(\w+)/g, (_, param: string) => {
            if (param === 'id' && def.permission?.teamParam) return everyoneA
            if (
              param === 'id' &&
              (def.permission?.accountParam ||
                name === 'accountGet' ||
                name === 'accountProjects' ||
                name === 'accountProjectsCount')
            )
              return accountA
            if (param === 'member') return 'nobody@a.test'
            if (param === 'name') return 'experimental'
            if (param === 'method') return 'app'
            if (param === 'service') return 'site'
            if (param === 'file') return 'opensource-plan-illustration.json'
            if (param === 'id' && def.path.startsWith('/api/v1/databases')) return 'no-such-database'
            return '00000000-0000-4000-8000-00000000dead'
          })
          const body = def.method === 'GET' || def.method === 'DELETE' || def.multipart ? undefined : {}
          const r = await api.call(def.method, path, { auth: auth.get(caller) ?? null, body })
          // Handlers of access-only routes may still refuse a role (403) or hide another account (404).
          const lenient = accessOnly.includes(name)
          const ok =
            want === 'ok'
              ? r.status < 500 && r.status !== 401 && (lenient || r.status !== 403)
              : r.status === want
          if (!ok)
            failures.push(
              `${name} (${def.method} ${path}) as ${caller}: want ${want}, got ${r.status} ${r.text.slice(0, 160)}`,
            )
          if (caller === 'otherAdmin' && want === 404 && /alice/i.test(r.text))
            failures.push(`${name} as otherAdmin leaks account data: ${r.text.slice(0, 160)}`)
        }
      }
      expect(failures).toEqual([])
    },
    WALK_TIMEOUT,
  )

  it('never answers a password hash or a secret (acceptance 3)', () => {
    const found = leaks(
      api.answers,
      secrets.map((value) => ({ value, createdBy: null })).filter((s) => s.value.length > 8),
    )
      // The login and register answers carry their own new access token, once.
      .filter((l) => !/credentials\/(login|register)/.test(l))
    expect(found).toEqual([])
  })
})
