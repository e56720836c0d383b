// Issue 20 "Reports that stay small": the pages of each section of the report shown, read when a section
// asks for them (it is shown), through the SDK (GET /api/v2/reports/{pid}/sections/{reportId}/{domain}),
// ten pages at a time; immutable per report, so read once. The outline with what is read put back.
import type { ReportOutline, ReportSectionName, ReportSectionPage } from '@sextant/contract'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { sdk } from '../../lib/sdk'
import { type LoadedSections, sectionWith } from '../../shared/report/report-sections'

const SECTIONS: readonly ReportSectionName[] = ['security', 'stability', 'licensing']
/** Pages asked for at once. */
const PAGES_AT_ONCE = 10

async function readSection(
  pid: string,
  reportId: string,
  section: ReportSectionName,
  pages: number,
): Promise<ReportSectionPage[]> {
  const read: ReportSectionPage[] = []
  for (let from = 0; from < pages; from += PAGES_AT_ONCE) {
    const batch = Array.from({ length: Math.min(PAGES_AT_ONCE, pages - from) }, (_, i) =>
      sdk.call('reportSection', {
        params: { projectId: pid, reportId, domain: section },
        query: { page: from + i },
      }),
    )
    read.push(...(await Promise.all(batch)))
  }
  return read
}

export interface ReportSections {
  /** The outline with the sections read so far put back. */
  report: ReportOutline
  loaded: LoadedSections
  /** Asks for a section's pages (once; later calls do nothing). */
  request: (section: ReportSectionName) => void
}

/** The query of one section's pages, immutable per report. */
function sectionQuery(pid: string, outline: ReportOutline, section: ReportSectionName) {
  return {
    queryKey: ['report', pid, 'section', outline.uuid, section],
    queryFn: () => readSection(pid, outline.uuid, section, outline.outline[section].pages),
    staleTime: Number.POSITIVE_INFINITY,
  }
}

export function useReportSections(pid: string, outline: ReportOutline): ReportSections {
  const client = useQueryClient()
  const [wanted, setWanted] = useState<ReadonlySet<ReportSectionName>>(() => new Set())
  const [security, stability, licensing] = useQueries({
    queries: SECTIONS.map((section) => ({
      ...sectionQuery(pid, outline, section),
      enabled: wanted.has(section),
    })),
  })
  const loaded = useMemo<LoadedSections>(
    () => ({ security: security?.data, stability: stability?.data, licensing: licensing?.data }),
    [security?.data, stability?.data, licensing?.data],
  )
  // each section kept as the same object until its own pages change, so a section read later does not
  // make the others (and what they derive from their lists) compute again
  const securitySection = useMemo(
    () => sectionWith(outline, 'security', security?.data),
    [outline, security?.data],
  )
  const stabilitySection = useMemo(
    () => sectionWith(outline, 'stability', stability?.data),
    [outline, stability?.data],
  )
  const licensingSection = useMemo(
    () => sectionWith(outline, 'licensing', licensing?.data),
    [outline, licensing?.data],
  )
  const report = useMemo(
    () =>
      loaded.security || loaded.stability || loaded.licensing
        ? { ...outline, security: securitySection, stability: stabilitySection, licensing: licensingSection }
        : outline,
    [outline, loaded, securitySection, stabilitySection, licensingSection],
  )
  // the pages are asked for at once, not after the render the request causes (a click that needs them,
  // 'Show issues only' off, first redraws the whole page: the requests go out while it does)
  const request = useCallback(
    (section: ReportSectionName) => {
      void client.prefetchQuery(sectionQuery(pid, outline, section))
      setWanted((previous) => (previous.has(section) ? previous : new Set([...previous, section])))
    },
    [client, pid, outline],
  )
  return { report, loaded, request }
}
