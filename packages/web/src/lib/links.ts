// Addresses of in-app pages that several features link to (report-page §2 Routes).

export interface ReportHrefOptions {
  /**
   * The member (non-public) view, `mode=eli` (report-page §2 Routes): what links shown to a signed-in
   * member open, so that their actions (Recompute, Mitigate, Edit licence…) are one click away.
   */
  member?: boolean
}

/** The report page of a project: /projects/?pid=…&branch=…[&mode=eli] */
export function reportHref(
  projectId: string,
  branch?: string | null,
  options: ReportHrefOptions = {},
): string {
  const search = new URLSearchParams({ pid: projectId })
  if (branch) search.set('branch', branch)
  if (options.member) search.set('mode', 'eli')
  return `/projects/?${search.toString()}`
}
