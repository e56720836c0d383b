// Conditional GETs (issue 20 "Report cache", issue 19 acceptance 4): whether a request's If-None-Match
// names the representation about to be sent, so the answer can be a 304 without a body.

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}

/**
 * The caching headers of a report's representations (DESIGN §2: a report never changes). By id and
 * without Jira data (which changes as issues are created) the caller's browser keeps it for a year;
 * otherwise it revalidates with the ETag. Never `public`: a public project can be made private again,
 * and a shared cache would keep serving its reports to anyone after that.
 */
export function reportCacheHeaders(etag: string, immutable: boolean): Record<string, string> {
  return {
    etag,
    'cache-control': immutable
      ? 'private, max-age=31536000, immutable'
      : 'private, max-age=0, must-revalidate',
    vary: 'Accept-Encoding, Authorization',
  }
}
