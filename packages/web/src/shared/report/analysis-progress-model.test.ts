import type { AnalysisState, Project } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { analysisProgressUrl, analysisStep } from './analysis-progress-model'

function project(analyses: AnalysisState[]): Project {
  return {
    uuid: 'p1',
    name: 'nodegoat',
    title: '',
    url: null,
    accountUuid: 'a',
    isPublic: false,
    readonly: false,
    branches: ['main'],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    analyses,
    createdAt: '2026-01-01T00:00:00Z',
  }
}
const state = (
  uuid: string,
  branch: string,
  status: AnalysisState['status'],
  error: string | null = null,
) => ({
  uuid,
  branch,
  status,
  error,
  createdAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
})

describe('analysisStep', () => {
  it('follows the analysis through its states', () => {
    expect(analysisStep(project([]), 'main', 'a1')).toMatchObject({ kind: 'waiting', progress: 10 })
    expect(analysisStep(project([state('a1', 'main', 'QUEUED')]), 'main', 'a1')).toMatchObject({
      kind: 'waiting',
      progress: 30,
    })
    expect(analysisStep(project([state('a1', 'main', 'RUNNING')]), 'main', 'a1')).toMatchObject({
      progress: 65,
    })
    expect(analysisStep(project([state('a1', 'main', 'DONE')]), 'main', 'a1')).toEqual({ kind: 'done' })
    expect(analysisStep(project([state('a1', 'main', 'FAILED', 'No lockfile')]), 'main', 'a1')).toEqual({
      kind: 'failed',
      message: 'No lockfile',
    })
  })

  it("falls back to the branch's newest analysis, never another branch's", () => {
    expect(analysisStep(project([state('a2', 'main', 'DONE')]), 'main', 'a1')).toEqual({ kind: 'done' })
    expect(analysisStep(project([state('a2', 'dev', 'DONE')]), 'main', 'a1')).toMatchObject({
      kind: 'waiting',
    })
  })
})

describe('analysisProgressUrl', () => {
  it('addresses the processing page with type=analysis', () => {
    const url = new URL(
      analysisProgressUrl({ pid: 'p1', branch: 'feature/x', analysisUuid: 'a1', source: 'upload' }),
      'http://localhost',
    )
    expect(url.pathname).toBe('/processing_request.html')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      source: 'upload',
      type: 'analysis',
      resource: 'a1',
      pid: 'p1',
      branch: 'feature/x',
      refreshTimer: '1000',
      success: 'report',
    })
  })
})
