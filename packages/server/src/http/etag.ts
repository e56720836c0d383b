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
