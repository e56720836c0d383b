// Addresses of in-app pages that several features link to (report-page §2 Routes).

/** The report page of a project: /projects/?pid=…&branch=… */
export function reportHref(projectId: string, branch?: string | null): string {
  const search = new URLSearchParams({ pid: projectId })
  if (branch) search.set('branch', branch)
  return `/projects/?${search.toString()}`
}
