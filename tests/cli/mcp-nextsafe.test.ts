// Issue 15 acceptance 5 and `sextant nextsafe`: the real `sextant mcp` over stdio answers tools/list and
// each tool call through the MCP SDK's own client, against a real server holding a scanned project;
// `sextant nextsafe` answers the same lanes from the server and --offline from the same advisories and
// registry.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  nodegoatSlice,
  npmAdvisories,
  repoRoot,
  runSextant,
  type ScanServer,
  scanEnv,
  startScanServer,
  TEST_BOOTSTRAP_TOKEN,
} from './kit'

describe('sextant mcp and sextant nextsafe', () => {
  let s: ScanServer
  let projectUuid: string
  let client: Client
  beforeAll(async () => {
    s = await startScanServer('embedded')
    const scan = await runSextant(
      [
        'scan',
        nodegoatSlice(),
        '--url',
        'https://git.example.org/owasp/slice.git',
        '--branch',
        'main',
        '--allow-unassessed',
      ],
      scanEnv(s.t.url),
    )
    projectUuid = /pid=([0-9a-f-]{36})/.exec(scan.out)![1]!
    client = new Client({ name: 'sextant-test', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [`${repoRoot}/packages/cli/bin/sextant.js`, 'mcp'],
        env: { PATH: process.env.PATH ?? '', SEXTANT_URL: s.t.url, SEXTANT_TOKEN: TEST_BOOTSTRAP_TOKEN },
        stderr: 'pipe',
      }),
    )
  }, 180_000)
  afterAll(async () => {
    await client?.close()
    await s?.close()
  })

  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean
      content: { type: string; text: string }[]
    }
    expect(r.isError ?? false, r.content[0]?.text).toBe(false)
    return JSON.parse(r.content[0]!.text)
  }

  it('lists its three tools with input schemas', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(['advisories_get', 'nextsafe', 'project_status'])
    for (const t of tools) expect(t.inputSchema.type).toBe('object')
  })

  it('advisories_get: the advisories of marked 0.3.5, and its licences in the project', async () => {
    const a = await call('advisories_get', {
      language: 'npm',
      name: 'marked',
      version: '0.3.5',
      project: projectUuid,
    })
    expect(a.advisories.length).toBeGreaterThan(0)
    expect(
      a.advisories.every((x: { id: string; fixedIn: string[] }) => x.id && Array.isArray(x.fixedIn)),
    ).toBe(true)
    expect(a.licensing.licences).toEqual(['MIT'])
  })

  it('nextsafe: the safe versions per lane, null where none; the CLI answers the same from the server and offline', async () => {
    const lanes = await call('nextsafe', { language: 'nodejs', name: 'marked', version: '0.3.5' })
    expect(Object.keys(lanes).sort()).toEqual([
      'language',
      'latestMajor',
      'latestMinor',
      'latestPatch',
      'name',
      'version',
    ])
    expect(lanes.latestMajor).toMatch(/^\d+\.\d+\.\d+/)
    const online = await runSextant(['nextsafe', 'nodejs', 'marked', '0.3.5'], scanEnv(s.t.url))
    expect(online.code, online.err).toBe(0)
    expect(JSON.parse(online.out)).toEqual(lanes)
    const offline = await runSextant([
      'nextsafe',
      'npm',
      'marked',
      '0.3.5',
      '--offline',
      '--advisories',
      npmAdvisories,
      '--registry',
      s.registry.url,
    ])
    expect(offline.code, offline.err).toBe(0)
    expect(JSON.parse(offline.out)).toEqual(lanes)
  })

  it('project_status: scores against minima, outcome and the most severe findings first', async () => {
    const st = await call('project_status', { project: projectUuid, branch: 'main', top: 3 })
    expect(st.outcome).toBe('FAIL')
    expect(st.scores.security).toMatchObject({ assessed: true, minimum: 90 })
    expect(st.topFindings).toHaveLength(3)
    expect(st.findings).toBeGreaterThanOrEqual(3)
  })

  it('a failing call is a tool error with the reason, not a crash', async () => {
    const r = (await client.callTool({
      name: 'project_status',
      arguments: { project: '00000000-0000-4000-8000-000000000000' },
    })) as {
      isError?: boolean
      content: { text: string }[]
    }
    expect(r.isError).toBe(true)
    expect(r.content[0]!.text).toMatch(/project/i)
  })
})
