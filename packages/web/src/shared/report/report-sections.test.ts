import type { Report, ReportOutline, ReportSectionPage } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { minimalReport } from './fixtures/minimal-report'
import { sectionShowable, sectionWith, withSections } from './report-sections'

type Component = Report['security']['assessments'][number]['reports'][number]
type Version = Report['stability']['reports'][number]['versions'][number]

const component = (name: string, language: string): Component => ({
  dependency: { library: { name, displayName: name, language, unityPlugin: false }, version: '1.0.0' },
  advices: [],
  safeVersions: {},
  hierarchy: [],
  introducedBy: [],
  locations: [],
  scope: 'prod',
  transitive: false,
  otherVersionsCount: 0,
})
const version = (name: string): Version => ({
  name,
  version: '1.0.0',
  scope: 'prod',
  latestPatch: null,
  latestMinor: null,
  latestMajor: '2.0.0',
  newPatchVersionAvailable: false,
  newMinorVersionAvailable: false,
  newMajorVersionAvailable: true,
})

function outlineOf(issuesComplete: boolean): ReportOutline {
  const report = minimalReport()
  return {
    ...report,
    stability: {
      ...report.stability,
      reports: [
        { language: 'javascript', componentsCount: 2, versions: [] },
        { language: 'java', componentsCount: 1, versions: [] },
      ],
    },
    outline: {
      security: { total: 3, included: 0, pages: 2, issuesComplete },
      stability: { total: 3, included: 0, pages: 2 },
      licensing: { total: 0, included: 0, pages: 1 },
    },
  }
}

describe('withSections', () => {
  it('puts the pages of a section back into the language parts, across page boundaries', () => {
    const security: ReportSectionPage[] = [
      {
        section: 'security',
        page: 0,
        pages: 2,
        total: 3,
        parts: [
          { language: 'javascript', items: [component('a', 'javascript'), component('b', 'javascript')] },
        ],
      },
      {
        section: 'security',
        page: 1,
        pages: 2,
        total: 3,
        parts: [{ language: 'java', items: [component('c', 'java')] }],
      },
    ]
    const stability: ReportSectionPage[] = [
      {
        section: 'stability',
        page: 0,
        pages: 2,
        total: 3,
        parts: [{ language: 'javascript', items: [version('a')] }],
      },
      {
        section: 'stability',
        page: 1,
        pages: 2,
        total: 3,
        parts: [
          { language: 'javascript', items: [version('b')] },
          { language: 'java', items: [version('c')] },
        ],
      },
    ]
    const outline = outlineOf(true)
    const merged = withSections(outline, { security, stability })
    expect(merged.security.assessments.map((a) => a.reports.map((r) => r.dependency.library.name))).toEqual([
      ['a', 'b'],
      ['c'],
    ])
    expect(merged.stability.reports.map((r) => r.versions.map((v) => v.name))).toEqual([['a', 'b'], ['c']])
    expect(merged.security.summary).toBe(outline.security.summary)
    expect(merged.licensing).toBe(outline.licensing)
    expect(withSections(outline, {})).toBe(outline)
  })

  it("keeps a section not read as the outline's own object, so what derives from it is not computed again", () => {
    const outline = outlineOf(true)
    expect(sectionWith(outline, 'stability', undefined)).toBe(outline.stability)
    expect(sectionWith(outline, 'security', undefined)).toBe(outline.security)
    const licensing: ReportSectionPage[] = [
      { section: 'licensing', page: 0, pages: 1, total: 0, parts: [{ language: 'javascript', items: [] }] },
    ]
    const read = sectionWith(outline, 'licensing', licensing)
    expect(read).not.toBe(outline.licensing)
    expect(read.summary).toBe(outline.licensing.summary)
  })
})

describe('sectionShowable', () => {
  it('shows security from the outline only for issues only with every vulnerable component in it', () => {
    expect(sectionShowable('security', outlineOf(true), {}, true)).toBe(true)
    expect(sectionShowable('security', outlineOf(true), {}, false)).toBe(false)
    expect(sectionShowable('security', outlineOf(false), {}, true)).toBe(false)
    expect(sectionShowable('stability', outlineOf(true), {}, true)).toBe(false)
    expect(sectionShowable('stability', outlineOf(true), { stability: [] }, true)).toBe(true)
  })
})
