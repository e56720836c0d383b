// Issue 20 "Reports that stay small": the report page's forms of one report document, cut from the
// document the spec's full route answers (with its totals and Jira decoration): the outline (what the page
// shows first) and every page of each section's per-component items. Pure; the route caches the result.
import {
  OUTLINE_SECURITY_LIMIT,
  REPORT_SECTION_PAGE_SIZE,
  type Report,
  type ReportOutline,
  type ReportSectionName,
  type ReportSectionPage,
} from '@sextant/contract'

interface Part<T> {
  language: string
  items: T[]
}

/** The language parts of a section with their items, in document order. */
function partsOf(report: Report, section: ReportSectionName): Part<unknown>[] {
  if (section === 'security')
    return report.security.assessments.map((a) => ({ language: a.language, items: a.reports }))
  if (section === 'stability')
    return report.stability.reports.map((r) => ({ language: r.language, items: r.versions }))
  return report.licensing.reports.map((r) => ({ language: r.language, items: r.results }))
}

const pageCount = (total: number) => Math.max(1, Math.ceil(total / REPORT_SECTION_PAGE_SIZE))

/** Every page of a section: page n holds items [n·size, (n+1)·size) of the parts' items laid end to end. */
export function sectionPages(report: Report, section: ReportSectionName): ReportSectionPage[] {
  const parts = partsOf(report, section)
  const total = parts.reduce((n, p) => n + p.items.length, 0)
  const pages = pageCount(total)
  const answer: ReportSectionPage[] = []
  let part = 0
  let offset = 0
  for (let page = 0; page < pages; page++) {
    const out: Part<unknown>[] = []
    let room = REPORT_SECTION_PAGE_SIZE
    while (room > 0 && part < parts.length) {
      const from = parts[part]!
      const take = from.items.slice(offset, offset + room)
      if (take.length > 0) out.push({ language: from.language, items: take })
      room -= take.length
      offset += take.length
      if (offset >= from.items.length) {
        part++
        offset = 0
      }
    }
    answer.push({ section, page, pages, total, parts: out } as ReportSectionPage)
  }
  return answer
}

/** The outline: the report with stability and licensing items left out and security cut to its vulnerable components. */
export function reportOutline(report: Report): ReportOutline {
  const count = (section: ReportSectionName) =>
    partsOf(report, section).reduce((n, p) => n + p.items.length, 0)
  let room = OUTLINE_SECURITY_LIMIT
  let vulnerable = 0
  const assessments = report.security.assessments.map((a) => {
    const shown = a.reports.filter((r) => r.advices.length > 0)
    vulnerable += shown.length
    const kept = shown.slice(0, Math.max(0, room))
    room -= kept.length
    return { ...a, reports: kept }
  })
  const included = Math.min(vulnerable, OUTLINE_SECURITY_LIMIT)
  const security = count('security')
  const stability = count('stability')
  const licensing = count('licensing')
  return {
    ...report,
    security: { ...report.security, assessments },
    stability: {
      ...report.stability,
      reports: report.stability.reports.map((r) => ({ ...r, versions: [] })),
    },
    licensing: { ...report.licensing, reports: report.licensing.reports.map((r) => ({ ...r, results: [] })) },
    outline: {
      security: {
        total: security,
        included,
        pages: pageCount(security),
        issuesComplete: included === vulnerable,
      },
      stability: { total: stability, included: 0, pages: pageCount(stability) },
      licensing: { total: licensing, included: 0, pages: pageCount(licensing) },
    },
  }
}
