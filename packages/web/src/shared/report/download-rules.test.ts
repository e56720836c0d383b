import { describe, expect, it } from 'vitest'
import { downloadItems, eraFileUrl, fileStem, processingUrl, refreshTimerMs } from './download-rules'
import type { ReportAccess } from './report-access'

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
  hasLicensesFeature: false,
  hasNextsafeFeature: false,
  canViewSbom: false,
  hasSecureCodingFeature: false,
  ...over,
})

describe('downloads (§6, §9)', () => {
  it('offers PDF when allowed and JSON always; SBOM items only when allowed; nothing without downloads', () => {
    expect(downloadItems(access({})).map((i) => i.format)).toEqual(['json'])
    expect(downloadItems(access({ canDownloadPdf: true })).map((i) => i.format)).toEqual(['pdf', 'json'])
    expect(
      downloadItems(access({ canDownloadPdf: true, canDownloadSbom: true })).map((i) => i.format),
    ).toEqual([
      'pdf',
      'json',
      'bible_pdf',
      'bible_json',
      'sbom_csv',
      'sbom-cdx.json',
      'sbom-cdx.xml',
      'sbom-spdx.json',
      'vex',
    ])
    expect(
      downloadItems(access({ canDownload: false, canDownloadPdf: true, canDownloadSbom: true })),
    ).toEqual([])
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

describe('fileStem', () => {
  it('keeps safe characters and never starts with a dot (no hidden files)', () => {
    expect(fileStem('@api/source', 'feature/x')).toBe('api-source_feature-x')
    expect(fileStem('.', 'main')).toBe('project_main')
    expect(fileStem('..hidden', 'main')).toBe('hidden_main')
  })
})

describe('eraFileUrl', () => {
  it.each([
    ['/api/v1/eras/e1/report.pdf?downloadKey=k1', '/api/v1/eras/e1/report.pdf?downloadKey=k1'],
    ['/api/v1/eras/e1/report.pdf', '/api/v1/eras/e1/report.pdf?downloadKey=k1'],
    ['/api/v1/eras/e1/report.pdf?x=1', '/api/v1/eras/e1/report.pdf?x=1&downloadKey=k1'],
    [
      'https://files.example/e1/report.pdf?downloadKey=old',
      'https://files.example/e1/report.pdf?downloadKey=k1',
    ],
  ])('%s → the key once', (url, expected) => {
    expect(eraFileUrl(url, 'k1')).toBe(expected)
  })
})
