// The report page's URL state (report-page §2 Routes): pid (id is an alias), branch, reportUuid,
// mode, live, login, account. Changing the branch keeps every other parameter (§2 Layout).

export interface ReportParams {
  pid: string | null
  branch: string | null
  reportUuid: string | null
  mode: string | null
  live: boolean
  login: boolean
}

function value(search: URLSearchParams, name: string): string | null {
  const raw = search.get(name)
  return raw?.trim() ? raw.trim() : null
}

export function parseReportParams(search: URLSearchParams): ReportParams {
  return {
    pid: value(search, 'pid') ?? value(search, 'id'),
    branch: value(search, 'branch'),
    reportUuid: value(search, 'reportUuid'),
    mode: value(search, 'mode'),
    live: value(search, 'live') !== null,
    login: search.get('login') === 'true',
  }
}

/** Same parameters, new branch; a historic report belongs to the old branch, so reportUuid goes. */
export function withBranch(search: URLSearchParams, branch: string): URLSearchParams {
  const next = new URLSearchParams(search)
  next.set('branch', branch)
  next.delete('reportUuid')
  return next
}

/** Selects a historic report, or the latest one with null. */
export function withReportUuid(search: URLSearchParams, reportUuid: string | null): URLSearchParams {
  const next = new URLSearchParams(search)
  if (reportUuid) next.set('reportUuid', reportUuid)
  else next.delete('reportUuid')
  return next
}

/** The member (non-public) view of the same report: mode=eli (§2 Routes). */
export function withMemberView(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search)
  next.set('mode', 'eli')
  return next
}
