// `sextant scan --offline` (issue 15) as a user runs it: no server; stability and licensing are not
// assessed without --registry and fail their checks unless --allow-unassessed; several report files at once.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodegoatSlice, npmAdvisories, runSextant } from './kit'

describe('sextant scan --offline', () => {
  it('fails the domains it could not assess unless --allow-unassessed, and writes every report asked for', async () => {
    const dir = nodegoatSlice()
    const base = ['scan', dir, '--offline', '--advisories', npmAdvisories, '--branch', 'main']
    const strict = await runSextant(base)
    expect(strict.code, strict.err).toBe(7)
    expect(strict.out).toMatch(/Stability:\s+not assessed\s+\(minimum 80\)\s+FAILED \(not assessed\)/)
    expect(strict.out).toContain('Offline scan: no report was stored on a server.')
    const outs = ['r.json', 'r.sarif', 'r.xml', 'r.cdx.json', 'r.spdx.json', 'r.pdf'].map((f) => join(dir, f))
    const allowed = await runSextant([
      ...base,
      '--allow-unassessed',
      '--report-json',
      outs[0]!,
      '--report-sarif',
      outs[1]!,
      '--report-junit',
      outs[2]!,
      '--report-cdx',
      outs[3]!,
      '--report-spdx',
      outs[4]!,
      '--report-pdf',
      outs[5]!,
    ])
    expect(allowed.code, allowed.err).toBe(1)
    expect(allowed.out).toMatch(/Stability:\s+not assessed\s+\(minimum 80\)\s+allowed \(not assessed\)/)
    expect(allowed.out).toContain('Build unsuccessful! Failed checks: [security]')
    for (const f of outs) expect(existsSync(f), f).toBe(true)
    expect(JSON.parse(readFileSync(outs[0]!, 'utf8')).project.branch).toBe('main')
    expect(JSON.parse(readFileSync(outs[3]!, 'utf8')).bomFormat).toBe('CycloneDX')
    expect(JSON.parse(readFileSync(outs[4]!, 'utf8')).spdxVersion).toMatch(/^SPDX-2\./)
    expect(readFileSync(outs[5]!).subarray(0, 5).toString()).toBe('%PDF-')
  }, 120_000)

  it('--offline without --advisories is bad usage (-2)', async () => {
    const run = await runSextant(['scan', nodegoatSlice(), '--offline'])
    expect(run.status).toBe(254)
    expect(run.err).toContain('--offline needs --advisories PATH')
  })
})
