// `sextant serve` on the embedded database as a user runs it (issue 2 acceptance 1): it starts, Ctrl-C
// stops it cleanly (exit 0, lock released), and a second start on the same data folder keeps every report.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSextant } from '../testing/process'

const sbom = readFileSync(new URL('../../../server/src/resources/fixtures/small.cdx.json', import.meta.url))

async function waitForReport(url: string, pid: string): Promise<{ uuid: string }> {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${url}/api/v1/reports/${pid}/full?branch=main`)
    if (res.status === 200) return (await res.json()) as { uuid: string }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('no report')
}

describe('sextant serve (embedded)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sx-serve-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('stops cleanly on Ctrl-C and keeps reports across restarts', async () => {
    const first = await spawnSextant(['serve'], { SEXTANT_DATA_DIR: dataDir })
    expect(first.output()).toMatch(/first administrator[\s\S]*password: \S+/)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const upload = (await (
      await fetch(`${first.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, { method: 'POST', body: form })
    ).json()) as {
      projectUuid: string
    }
    const report = await waitForReport(first.url!, upload.projectUuid)
    expect(await first.stop('SIGINT')).toBe(0)
    expect(first.output()).toContain('Sextant stopped.')
    expect(existsSync(join(dataDir, 'sextant.lock'))).toBe(false)

    const second = await spawnSextant(['serve'], { SEXTANT_DATA_DIR: dataDir })
    try {
      // The administrator exists already: no second password is generated or printed.
      expect(second.output()).not.toMatch(/first administrator/)
      const again = await waitForReport(second.url!, upload.projectUuid)
      expect(again.uuid).toBe(report.uuid)
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0)
    }
  }, 120_000)

  it('refuses a second server on a data folder in use, naming the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sx-lock-'))
    const first = await spawnSextant(['serve'], { SEXTANT_DATA_DIR: dir })
    try {
      await expect(spawnSextant(['serve'], { SEXTANT_DATA_DIR: dir })).rejects.toThrow(
        /is in use by another Sextant process/,
      )
    } finally {
      await first.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('ends when the start fails after the workers began (the port is taken)', async () => {
    // The port fails at the last step, once the database, pg-boss and its workers run: the process used
    // to stay alive for good (workers waiting on a closed pg-boss pool, offWork polling every second).
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as AddressInfo).port
    const dir = mkdtempSync(join(tmpdir(), 'sx-port-'))
    try {
      await expect(
        spawnSextant(['serve'], { SEXTANT_DATA_DIR: dir, PORT: String(port) }, 110_000),
      ).rejects.toThrow(/exited with 1:[\s\S]*EADDRINUSE/)
      expect(existsSync(join(dir, 'sextant.lock'))).toBe(false)
    } finally {
      taken.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('names the bad variable when the configuration is invalid', async () => {
    await expect(spawnSextant(['serve'], { PORT: 'eighty' })).rejects.toThrow(/PORT: .*got "eighty"/)
  })
})
