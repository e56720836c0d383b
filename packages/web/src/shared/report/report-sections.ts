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

/** One section of the outline with its list whole once its pages are read (the same object until then). */
export function sectionWith<S extends ReportSectionName>(
  outline: ReportOutline,
  section: S,
  pages: readonly ReportSectionPage[] | undefined,
): ReportOutline[S] {
  if (!pages) return outline[section]
  if (section === 'security')
    return {
      ...outline.security,
      assessments: refill(outline.security.assessments, 'reports', pages),
    } as ReportOutline[S]
  if (section === 'stability')
    return {
      ...outline.stability,
      reports: refill(outline.stability.reports, 'versions', pages),
    } as ReportOutline[S]
  return {
    ...outline.licensing,
    reports: refill(outline.licensing.reports, 'results', pages),
  } as ReportOutline[S]
}

/** The outline with the loaded sections' lists whole: what the full report route answers for them. */
export function withSections(outline: ReportOutline, loaded: LoadedSections): ReportOutline {
  const { security, stability, licensing } = loaded
  if (!security && !stability && !licensing) return outline
  return {
    ...outline,
    security: sectionWith(outline, 'security', security),
    stability: sectionWith(outline, 'stability', stability),
    licensing: sectionWith(outline, 'licensing', licensing),
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
