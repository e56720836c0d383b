import { describe, expect, it } from 'vitest'
import type { ReportAccess } from '../report/report-access'
import { downloadItems, processingUrl, refreshTimerMs } from './download-rules'

const access = (over: Partial<ReportAccess>): ReportAccess => ({
  latest: true,
  privateMode: false,
  canAct: false,
  canDownload: true,
  canDownloadPdf: false,
  canDownloadSbom: false,
  sysadmin: false,
  opensource: false,
  hasChaiFeature: false,
  accountAdmin: false,
  hasJiraFeature: false,
  ...over,
})

describe('downloads (§6, §9)', () => {
  it('offers PDF when allowed, else JSON; SBOM items only when allowed; nothing without downloads', () => {
    expect(downloadItems(access({})).map((i) => i.format)).toEqual(['json'])
    expect(downloadItems(access({ canDownloadPdf: true })).map((i) => i.format)).toEqual(['pdf'])
    expect(downloadItems(access({ canDownloadSbom: true }))).toHaveLength(6)
    expect(downloadItems(access({ canDownload: false }))).toEqual([])
  })
  it('waits 1 s per started 200 components', () => {
    expect(refreshTimerMs(0)).toBe(1000)
    expect(refreshTimerMs(200)).toBe(1000)
    expect(refreshTimerMs(201)).toBe(2000)
    expect(refreshTimerMs(5000)).toBe(25000)
    expect(
      processingUrl({ format: 'pdf', eraId: 'e1', pid: 'p', branch: 'main', components: 450 }),
    ).toContain('refreshTimer=3000')
  })
})
