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

/**
 * The processing page's registry lookup of a component version (report-page §2 Routes "Registry lookup
 * use"): it asks the registryWebUrl route and opens the registry page. Null for linux, where the spec
 * makes no registry link. `languageName` is the label the custom message shows.
 */
export function registryLookupHref(
  language: string,
  name: string,
  version: string,
  languageName = language,
): string | null {
  if (!language || language === 'linux' || !name || !version) return null
  const search = new URLSearchParams({
    source: 'report',
    type: 'registry_url',
    create: 'true',
    useSDK: 'true',
    noProgress: 'true',
    name,
    version,
    language,
    custom_message: `Looking for ${name} ${version} in the ${languageName} registries…`,
  })
  return `/processing_request.html?${search.toString()}`
}
