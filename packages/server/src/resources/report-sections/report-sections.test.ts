// Issue 20 "Reports that stay small": the outline and the section pages cut from one report put back
// together give its lists exactly, in order, across language parts and page boundaries.
import { REPORT_SECTION_PAGE_SIZE, type Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { reportOutline, sectionPages } from './report-sections'

const component = (name: string, advices: number) => ({
  dependency: { library: { name, displayName: name, language: 'x', unityPlugin: false }, version: '1.0.0' },
  advices: Array.from({ length: advices }, (_, i) => ({ id: `A-${name}-${i}` })),
})

/** Only the lists the cut reads; the rest of a report is passed through untouched. */
function reportWith(sizes: number[]): Report {
  const parts = sizes.map((n, p) => ({ language: `lang${p}`, count: n }))
  return {
    uuid: 'r',
    totals: { all: { components: 1 } },
    security: {
      score: 50,
      assessments: parts.map(({ language, count }) => ({
        language,
        componentsCount: count,
        trusted: [],
        reports: Array.from({ length: count }, (_, i) => component(`${language}-${i}`, i % 7 === 0 ? 1 : 0)),
      })),
    },
    stability: {
      reports: parts.map(({ language, count }) => ({
        language,
        componentsCount: count,
        versions: Array.from({ length: count }, (_, i) => ({ name: `${language}-${i}` })),
      })),
    },
    licensing: {
      reports: parts.map(({ language, count }) => ({
        language,
        componentsCount: count,
        results: Array.from({ length: count }, (_, i) => ({ version: `${language}-${i}` })),
      })),
    },
  } as unknown as Report
}

describe('sectionPages', () => {
  it('lays the parts end to end and cuts pages of REPORT_SECTION_PAGE_SIZE, keeping each item’s language', () => {
    const report = reportWith([REPORT_SECTION_PAGE_SIZE - 3, 0, REPORT_SECTION_PAGE_SIZE + 10, 5])
    for (const section of ['security', 'stability', 'licensing'] as const) {
      const pages = sectionPages(report, section)
      expect(pages.map((p) => p.page)).toEqual([0, 1, 2])
      expect(pages.every((p) => p.pages === 3 && p.total === 2 * REPORT_SECTION_PAGE_SIZE + 12)).toBe(true)
      const sizes = pages.map((p) => p.parts.reduce((n, part) => n + part.items.length, 0))
      expect(sizes).toEqual([REPORT_SECTION_PAGE_SIZE, REPORT_SECTION_PAGE_SIZE, 12])
      // put back together per language, the pages are the report's lists
      const joined = new Map<string, unknown[]>()
      for (const page of pages)
        for (const part of page.parts)
          joined.set(part.language, [...(joined.get(part.language) ?? []), ...part.items])
      const expected = new Map<string, unknown[]>()
      if (section === 'security')
        for (const a of report.security.assessments) expected.set(a.language, a.reports)
      if (section === 'stability')
        for (const r of report.stability.reports) expected.set(r.language, r.versions)
      if (section === 'licensing')
        for (const r of report.licensing.reports) expected.set(r.language, r.results)
      expected.delete('lang1')
      expect(joined).toEqual(expected)
    }
  })

  it('answers one empty page for an empty section', () => {
    expect(sectionPages(reportWith([]), 'stability')).toEqual([
      { section: 'stability', page: 0, pages: 1, total: 0, parts: [] },
    ])
  })
})

describe('reportOutline', () => {
  it('keeps the vulnerable components of security, no stability or licensing items, and says how many there are', () => {
    const report = reportWith([20, 10])
    const outline = reportOutline(report)
    const kept = outline.security.assessments.flatMap((a) => a.reports.map((r) => r.dependency.library.name))
    const vulnerable = report.security.assessments.flatMap((a) =>
      a.reports.filter((r) => r.advices.length > 0).map((r) => r.dependency.library.name),
    )
    expect(kept).toEqual(vulnerable)
    expect(kept.length).toBeGreaterThan(0)
    expect(outline.stability.reports.map((r) => [r.language, r.componentsCount, r.versions])).toEqual([
      ['lang0', 20, []],
      ['lang1', 10, []],
    ])
    expect(outline.licensing.reports.every((r) => r.results.length === 0)).toBe(true)
    expect(outline.outline).toEqual({
      security: { total: 30, included: vulnerable.length, pages: 1, issuesComplete: true },
      stability: { total: 30, included: 0, pages: 1 },
      licensing: { total: 30, included: 0, pages: 1 },
    })
    expect(outline.totals).toBe(report.totals)
  })

  it('bounds the vulnerable components it carries and says the list is not whole', () => {
    const outline = reportOutline(reportWith([7 * 600]))
    expect(outline.outline.security.included).toBe(500)
    expect(outline.outline.security.issuesComplete).toBe(false)
    expect(outline.security.assessments[0]?.reports).toHaveLength(500)
  })
})
