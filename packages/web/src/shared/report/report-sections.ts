// Issue 20 "Reports that stay small": the report page opens on the report's outline (every summary and
// count, the vulnerable components of security) and reads each section's items by pages when the section
// is shown. Puts the pages read into the outline, so every section renders from one Report as before.
import type { ReportOutline, ReportSectionName, ReportSectionPage } from '@sextant/contract'

export type LoadedSections = Partial<Record<ReportSectionName, readonly ReportSectionPage[]>>

/** Every item of the pages per language, in page order. */
function itemsByLanguage(pages: readonly ReportSectionPage[]): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>()
  for (const page of pages)
    for (const part of page.parts) {
      const items = out.get(part.language) ?? []
      for (const item of part.items) items.push(item)
      out.set(part.language, items)
    }
  return out
}

/** The language parts with their list (`field`) replaced by the items read for that language. */
function refill<P extends { language: string }>(
  parts: P[],
  field: keyof P,
  pages: readonly ReportSectionPage[],
): P[] {
  const items = itemsByLanguage(pages)
  return parts.map((part) => ({ ...part, [field]: items.get(part.language) ?? [] }))
}

/** The outline with the loaded sections' lists whole: what the full report route answers for them. */
export function withSections(outline: ReportOutline, loaded: LoadedSections): ReportOutline {
  const { security, stability, licensing } = loaded
  if (!security && !stability && !licensing) return outline
  return {
    ...outline,
    security: security
      ? { ...outline.security, assessments: refill(outline.security.assessments, 'reports', security) }
      : outline.security,
    stability: stability
      ? { ...outline.stability, reports: refill(outline.stability.reports, 'versions', stability) }
      : outline.stability,
    licensing: licensing
      ? { ...outline.licensing, reports: refill(outline.licensing.reports, 'results', licensing) }
      : outline.licensing,
  }
}

/**
 * Whether a section can be shown from what is loaded: once its pages are in; the security section also
 * from the outline alone while it lists issues only and the outline holds every vulnerable component.
 */
export function sectionShowable(
  section: ReportSectionName,
  outline: ReportOutline,
  loaded: LoadedSections,
  issuesOnly: boolean,
): boolean {
  if (loaded[section]) return true
  return section === 'security' && issuesOnly && outline.outline.security.issuesComplete
}
