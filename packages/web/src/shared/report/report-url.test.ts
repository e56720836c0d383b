// Report page URL state: the id alias, trimming, and parameters kept on branch and report changes.
import { describe, expect, it } from 'vitest'
import { parseReportParams, withBranch, withMemberView, withReportUuid } from './report-url'

describe('parseReportParams', () => {
  it('reads every parameter', () => {
    const params = parseReportParams(
      new URLSearchParams('pid=p1&branch=dev&reportUuid=r9&mode=eli&live=1&login=true'),
    )
    expect(params).toEqual({
      pid: 'p1',
      branch: 'dev',
      reportUuid: 'r9',
      mode: 'eli',
      live: true,
      login: true,
    })
  })

  it('accepts id as an alias of pid, pid winning', () => {
    expect(parseReportParams(new URLSearchParams('id=p2')).pid).toBe('p2')
    expect(parseReportParams(new URLSearchParams('id=p2&pid=p1')).pid).toBe('p1')
  })

  it('treats blank values as absent', () => {
    const params = parseReportParams(new URLSearchParams('pid=%20&branch='))
    expect(params.pid).toBeNull()
    expect(params.branch).toBeNull()
    expect(params.live).toBe(false)
    expect(params.login).toBe(false)
  })
})

describe('withBranch / withReportUuid', () => {
  it('keeps the other parameters when the branch changes', () => {
    const next = withBranch(new URLSearchParams('pid=p1&branch=main&mode=eli&reportUuid=r1'), 'feature/x')
    expect(next.toString()).toBe('pid=p1&branch=feature%2Fx&mode=eli')
  })

  it('sets and clears the historic report', () => {
    const base = new URLSearchParams('pid=p1&branch=main')
    expect(withReportUuid(base, 'r2').get('reportUuid')).toBe('r2')
    expect(withReportUuid(withReportUuid(base, 'r2'), null).has('reportUuid')).toBe(false)
    expect(base.has('reportUuid')).toBe(false)
  })
})

describe('withMemberView', () => {
  it('adds mode=eli and keeps everything else', () => {
    const next = withMemberView(new URLSearchParams('pid=p&branch=main&reportUuid=r'))
    expect(next.toString()).toBe('pid=p&branch=main&reportUuid=r&mode=eli')
    expect(withMemberView(next).getAll('mode')).toEqual(['eli'])
  })
})
