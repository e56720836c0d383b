// Projects visible per team (issue 7; spec accounts-and-api §3 team roles, §5 upload teamUuid, §6; the rule
// in services/projects.access.ts): members with a team role see the projects of their active teams and
// those of no team, in every project route, list, count, dashboard and insight; another team's project
// answers 404 exactly as a project that does not exist. New projects belong to ?teamUuid or the primary team.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance, waitForReport } from '../../testing/instance'
import { type Loose, membershipOf, RecordingApi, sessionFor } from '../admin/test-kit'

const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))
const GHOST = '00000000-0000-4000-8000-00000000dead'

describe.each(storageModes())('team visibility on %s storage', (mode) => {
  let t: TestInstance
  let api: RecordingApi
  let account = ''
  const auth: Record<string, string> = {}
  const team: Record<'everyone' | 'red' | 'blue', string> = { everyone: '', red: '', blue: '' }
  const project: Record<'red' | 'blue' | 'shared' | 'byRedAdmin' | 'noTeam', string> = {
    red: '',
    blue: '',
    shared: '',
    byRedAdmin: '',
    noTeam: '',
  }

  async function upload(as: string | null, query: string, projectId = 'new') {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const res = await fetch(`${t.url}/api/v1/uploads/${projectId}/sbom-cdx.json?branch=main&${query}`, {
      method: 'POST',
      body: form,
      headers: as ? { authorization: as } : {},
    })
    return { status: res.status, json: (await res.json()) as Loose }
  }

  const get = (as: string, path: string) => api.call('GET', path, { auth: as })
  const uuidsOf = (list: Loose) => (list as unknown as { uuid: string }[]).map((p) => p.uuid).sort()

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'open' })
    api = new RecordingApi(t.url)
    const db = t.sextant.db
    const alice = await signUp(t, { email: 'alice@teams.test', password: 'alice-password-1' })
    auth.admin = `Bearer ${alice.accessToken}`
    account = alice.user.account.uuid
    const teams = await get(auth.admin, `/api/v1/accounts/${account}/teams`)
    team.everyone = String(teams.json[0]!.uuid)
    for (const name of ['red', 'blue'] as const) {
      const r = await api.call('POST', '/api/v1/teams', { auth: auth.admin, body: { name } })
      expect(r.status).toBe(200)
      team[name] = String(r.json.uuid)
    }
    const members = [
      ['viewer', 'Viewer', null, null],
      ['redViewer', 'TeamViewer', 'red', 'Viewer'],
      ['redAdmin', 'TeamAdministrator', 'red', 'Administrator'],
      ['blueCollaborator', 'TeamCollaborator', 'blue', 'Collaborator'],
    ] as const
    for (const [key, role, inTeam, teamRole] of members) {
      const email = `${key.toLowerCase()}@teams.test`
      await inviteAndAccept(t, auth.admin, account, { name: key, email, role })
      const membership = await membershipOf(db, email)
      if (inTeam) {
        const added = await api.call('POST', `/api/v1/teams/${team[inTeam]}/members`, {
          auth: auth.admin,
          body: { uuid: membership.uuid, role: teamRole },
        })
        expect(added.status, added.text).toBe(200)
      }
      auth[key] = await sessionFor(db, membership.uuid)
    }
    const primary = await api.call(
      'POST',
      `/api/v1/accounts/${account}/members/redadmin@teams.test/primary?teamuuid=${team.red}`,
      { auth: auth.admin },
    )
    expect(primary.status, primary.text).toBe(200)

    const made = {
      red: await upload(auth.admin, `name=red-one&teamUuid=${team.red}`),
      blue: await upload(auth.admin, `name=blue-one&teamUuid=${team.blue.toUpperCase()}`),
      shared: await upload(auth.admin, 'name=shared-one'),
      byRedAdmin: await upload(auth.redAdmin!, 'name=red-admin-one'),
      noTeam: await upload(auth.admin, 'name=legacy-one'),
    }
    for (const [key, r] of Object.entries(made)) {
      expect(r.status, JSON.stringify(r.json)).toBe(202)
      project[key as keyof typeof project] = String(r.json.projectUuid)
    }
    // A project from before teams owned projects.
    await db.query('UPDATE projects SET team_uuid = NULL WHERE uuid = $1', [project.noTeam])
    for (const uuid of Object.values(project))
      await waitForReport(t.url, uuid, 'main', { authorization: auth.admin })
  })
  afterAll(async () => t?.close())

  it('gives a new project the team of ?teamUuid, else the primary team of its creator', async () => {
    const teamOf = async (uuid: string) => (await get(auth.admin!, `/api/v1/projects/${uuid}`)).json.teamUuid
    expect(await teamOf(project.red)).toBe(team.red)
    expect(await teamOf(project.blue)).toBe(team.blue)
    expect(await teamOf(project.shared)).toBe(team.everyone)
    expect(await teamOf(project.byRedAdmin)).toBe(team.red)
    expect(await teamOf(project.noTeam)).toBeNull()
  })

  it('refuses a team the uploader may not choose, naming teamUuid', async () => {
    const notTheirs = await upload(auth.redAdmin!, `teamUuid=${team.blue}`)
    expect(notTheirs.status).toBe(404)
    expect(String(notTheirs.json.message)).toContain(`teamUuid: there is no active team ${team.blue}`)
    const unknown = await upload(auth.admin!, `teamUuid=${GHOST}`)
    expect(unknown.status).toBe(404)
    const malformed = await upload(auth.admin!, 'teamUuid=red')
    expect(malformed.status).toBe(404)
    const anonymous = await upload(null, `teamUuid=${team.red}`)
    expect(anonymous.status).toBe(400)
    expect(String(anonymous.json.message)).toMatch(/^teamUuid: anonymous scans/)
    // Uploading to another team's project is refused like uploading to no project.
    const foreign = await upload(auth.blueCollaborator!, '', project.red)
    const none = await upload(auth.blueCollaborator!, '', GHOST)
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.json).replaceAll(project.red, GHOST)).toBe(JSON.stringify(none.json))
    // Their own team's project takes their scans (TeamCollaborator: projects edit).
    expect((await upload(auth.blueCollaborator!, '', project.blue)).status).toBe(202)
  })

  it('lists and counts, per caller, exactly the projects they may open', async () => {
    const all = Object.values(project).sort()
    const want: Record<string, string[]> = {
      admin: all,
      viewer: all,
      redViewer: [project.red, project.shared, project.byRedAdmin, project.noTeam].sort(),
      redAdmin: [project.red, project.shared, project.byRedAdmin, project.noTeam].sort(),
      blueCollaborator: [project.blue, project.shared, project.noTeam].sort(),
    }
    // The administrator first: cached dashboard answers must not reach the team roles.
    for (const [who, uuids] of Object.entries(want)) {
      const as = auth[who]!
      expect(uuidsOf((await get(as, `/api/v1/accounts/${account}/projects`)).json), who).toEqual(uuids)
      expect((await get(as, '/api/v1/accounts/me/projects/count')).json.count, who).toBe(uuids.length)
      const dashboard = (await get(as, '/api/v3/reports')).json
      expect(dashboard.projects, who).toBe(uuids.length)
      const dashboardProjects = new Set(
        (dashboard.reports as unknown as { projectUuid: string }[]).map((r) => r.projectUuid),
      )
      expect([...dashboardProjects].sort(), who).toEqual(uuids)
      const latest = (await get(as, '/api/v2/reports')).json as unknown as { projectUuid: string }[]
      expect([...new Set(latest.map((r) => r.projectUuid))].sort(), who).toEqual(uuids)
      const insights = (await get(as, `/api/v2/accounts/${account}/insights/dependencies?all=true`)).json
      expect(insights.reports, who).toBe(uuids.length)
      const metrics = (await get(as, '/api/v1/metrics/security/me')).json
      expect(JSON.stringify(metrics)).not.toContain(who === 'blueCollaborator' ? project.red : project.blue)
      for (const uuid of all) {
        const page = await get(as, `/api/v1/projects/${uuid}`)
        expect(page.status, `${who} opens ${uuid}`).toBe(uuids.includes(uuid) ? 200 : 404)
      }
    }
  })

  it("answers readonly as the caller's: true exactly where their role may not change the project", async () => {
    const viewers = new Set(['viewer', 'redViewer'])
    for (const who of ['admin', 'viewer', 'redViewer', 'redAdmin', 'blueCollaborator']) {
      const as = auth[who]!
      const listed = (await get(as, `/api/v1/accounts/${account}/projects`)).json as unknown as {
        uuid: string
        readonly: boolean
      }[]
      for (const p of listed) expect(p.readonly, `${who} lists ${p.uuid}`).toBe(viewers.has(who))
      const first = listed[0]!
      expect((await get(as, `/api/v1/projects/${first.uuid}`)).json.readonly, who).toBe(viewers.has(who))
      // the page's rule and the server's agree: a readonly project refuses a recompute
      const recompute = await api.call('POST', `/api/v1/reports/${first.uuid}/full?branch=main`, { auth: as })
      expect(recompute.status === 403, `${who} recomputes: ${recompute.status}`).toBe(viewers.has(who))
    }
  })

  it("answers another team's project like no project on the report, history, badge and export routes", async () => {
    const paths = (uuid: string) => [
      `/api/v1/projects/${uuid}`,
      `/api/v1/reports/${uuid}/full?branch=main`,
      `/api/v1/reports/${uuid}/history?branch=main`,
      `/api/v1/reports/${uuid}/summary`,
      `/api/v1/reports/${uuid}/diff?branch=main`,
      `/api/v1/reports/${uuid}/json?branch=main`,
      `/api/v2/exclusions/${uuid}/main`,
      `/api/v2/badges/${uuid}`,
      `/api/v2/badges/${uuid}/security?branch=main`,
    ]
    const theirs = paths(project.red)
    const none = paths(GHOST)
    for (let i = 0; i < theirs.length; i++) {
      const seen = await get(auth.redViewer!, theirs[i]!)
      expect(seen.status, theirs[i]).toBeLessThan(400)
      const hidden = await get(auth.blueCollaborator!, theirs[i]!)
      const missing = await get(auth.blueCollaborator!, none[i]!)
      expect(hidden.status, theirs[i]).toBe(404)
      expect(hidden.text.replaceAll(project.red, GHOST), theirs[i]).toBe(missing.text)
      expect(hidden.text).not.toContain('red-one')
    }
  })

  it('closes a team’s projects to its members while the team is inactive', async () => {
    const off = await api.call('POST', `/api/v1/teams/${team.red}`, {
      auth: auth.admin!,
      body: { active: false },
    })
    expect(off.status, off.text).toBe(200)
    expect((await get(auth.redViewer!, `/api/v1/projects/${project.red}`)).status).toBe(404)
    expect((await get(auth.viewer!, `/api/v1/projects/${project.red}`)).status).toBe(200)
    expect(uuidsOf((await get(auth.redViewer!, '/api/v1/accounts/me/projects')).json)).toEqual(
      [project.shared, project.noTeam].sort(),
    )
    await api.call('POST', `/api/v1/teams/${team.red}`, { auth: auth.admin!, body: { active: true } })
    expect((await get(auth.redViewer!, `/api/v1/projects/${project.red}`)).status).toBe(200)
  })
})
