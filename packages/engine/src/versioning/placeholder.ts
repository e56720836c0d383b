// Version strings no scheme should order (issue 14 "unorderable versions"): Debian's Maven repository
// publishes `debian` and `2.x` in place of versions, SBOMs copy `latest` or `*`. Maven's ComparableVersion
// would happily order `debian` as a qualifier and npm's coercion reads `2.x` as 2.0.0; both would match
// advisory ranges against a version nobody released. Such a component is flagged, not matched as a version.

/** No digit at all (`debian`, `latest`), or a wildcard segment (`2.x`, `1.*`, `x`). */
export function isPlaceholderVersion(version: string): boolean {
  const v = version.trim()
  if (!/\d/.test(v)) return true
  return /(^|[.\-_])[xX*](?=$|[.\-_])/.test(v)
}
