// deriveReportView: one row per state of report-page §4 and §8.
import type { AnalysisState } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { minimalProject, minimalReport } from '../../shared/report/fixtures/minimal-report'
import { deriveReportView, type Loaded, newestAnalysis, shouldPoll } from './report-view'

function analysis(
  status: AnalysisState['status'],
  createdAt: string,
  error: string | null = null,
): AnalysisState {
  return { uuid: `a-${createdAt}`, branch: 'main', status, error, createdAt, finishedAt: null }
}

const ok = <T>(data: T): Loaded<T> => ({ state: 'ok', data })
const notFound = { state: 'error', status: 404, message: 'No report yet' } as const
const base = { branch: 'main', latest: true, signedIn: false }

describe('deriveReportView', () => {
  it('waits for the project, then for the report', () => {
    expect(
      deriveReportView({ ...base, project: { state: 'pending' }, report: { state: 'pending' } }).kind,
    ).toBe('loading')
    expect(
      deriveReportView({ ...base, project: ok(minimalProject()), report: { state: 'pending' } }).kind,
    ).toBe('loading')
  })

  it('shows the failed-project view when the project cannot be loaded, or asks for a login', () => {
    const missing = { state: 'error', status: 404, message: 'x' } as const
    expect(deriveReportView({ ...base, project: missing, report: notFound }).kind).toBe('project-missing')
    const forbidden = { state: 'error', status: 401, message: 'x' } as const
    expect(deriveReportView({ ...base, project: forbidden, report: notFound }).kind).toBe('login-required')
    expect(deriveReportView({ ...base, signedIn: true, project: forbidden, report: notFound }).kind).toBe(
      'project-missing',
    )
  })

  it('polls while the newest analysis of the branch is queued or running', () => {
    for (const status of ['QUEUED', 'RUNNING'] as const) {
      const project = minimalProject({
        analyses: [analysis('DONE', '2026-01-01'), analysis(status, '2026-02-01')],
      })
      const view = deriveReportView({ ...base, project: ok(project), report: notFound })
      expect(view).toEqual({ kind: 'not-ready', polling: true })
      expect(shouldPoll(view)).toBe(true)
    }
  })

  it('shows a failed analysis with its error, and not-ready without any analysis', () => {
    const failed = minimalProject({ analyses: [analysis('FAILED', '2026-02-01', 'bom.json: not CycloneDX')] })
    expect(deriveReportView({ ...base, project: ok(failed), report: notFound })).toEqual({
      kind: 'failed',
      error: 'bom.json: not CycloneDX',
    })
    const view = deriveReportView({ ...base, project: ok(minimalProject()), report: notFound })
    expect(view).toEqual({ kind: 'not-ready', polling: false })
    expect(shouldPoll(view)).toBe(false)
  })

  it('maps report statuses', () => {
    const project = ok(minimalProject())
    const kind = (status: 'OK' | 'PARTIAL' | 'UNSUPPORTED' | 'ERROR' | 'NOT FOUND' | 'FAILED') =>
      deriveReportView({ ...base, project, report: ok(minimalReport({ status })) }).kind
    expect(kind('OK')).toBe('report')
    expect(kind('PARTIAL')).toBe('report')
    expect(kind('UNSUPPORTED')).toBe('unsupported')
    expect(kind('ERROR')).toBe('build-error')
    expect(kind('NOT FOUND')).toBe('not-ready')
    expect(kind('FAILED')).toBe('not-ready')
  })

  it('marks partial reports, refreshing ones and a newer failed analysis', () => {
    const project = minimalProject({ analyses: [analysis('RUNNING', '2026-04-01T00:00:00.000Z')] })
    const view = deriveReportView({
      ...base,
      project: ok(project),
      report: ok(minimalReport({ status: 'PARTIAL' })),
    })
    expect(view).toMatchObject({ kind: 'report', partial: true, refreshing: true, lastFailure: null })
    const failed = minimalProject({ analyses: [analysis('FAILED', '2026-04-01T00:00:00.000Z', 'boom')] })
    expect(deriveReportView({ ...base, project: ok(failed), report: ok(minimalReport()) })).toMatchObject({
      lastFailure: 'boom',
    })
    const historic = deriveReportView({
      ...base,
      latest: false,
      project: ok(project),
      report: ok(minimalReport()),
    })
    expect(historic).toMatchObject({ refreshing: false })
  })

  it('reports other load failures as something went wrong', () => {
    const view = deriveReportView({
      ...base,
      project: ok(minimalProject()),
      report: { state: 'error', status: 500, message: 'Database unavailable' },
    })
    expect(view).toEqual({ kind: 'error', what: 'report', message: 'Database unavailable' })
  })

  it('shows the failed-project view when the project answers a server error or nothing at all', () => {
    for (const status of [500, 502, 0]) {
      const project = { state: 'error', status, message: 'Gateway timeout' } as const
      expect(deriveReportView({ ...base, project, report: notFound })).toEqual({
        kind: 'error',
        what: 'project',
        message: 'Gateway timeout',
      })
    }
  })
})

describe('newestAnalysis', () => {
  it('picks the newest of the branch only', () => {
    const other = { ...analysis('RUNNING', '2026-05-01'), branch: 'dev' }
    const project = minimalProject({
      analyses: [analysis('DONE', '2026-03-01'), other, analysis('FAILED', '2026-01-01')],
    })
    expect(newestAnalysis(project, 'main')?.status).toBe('DONE')
    expect(newestAnalysis(project, 'nope')).toBeNull()
  })
})
