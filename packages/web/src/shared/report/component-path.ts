// Addresses of the companion pages (report-page §2 Routes): the component-information page
// /components/live/{ecosystem}/{encoded component name}/{version}, where slash and %2F become a pipe
// and a literal pipe is doubled, and the vulnerability page /vulns?id=.

export function encodeComponentName(name: string): string {
  return name.replaceAll('|', '||').replaceAll(/%2F/gi, '|').replaceAll('/', '|')
}

/** The inverse: '||' is a literal pipe, a single pipe a slash. */
export function decodeComponentName(encoded: string): string {
  let out = ''
  for (let i = 0; i < encoded.length; i++) {
    const ch = encoded[i]
    if (ch === '|' && encoded[i + 1] === '|') {
      out += '|'
      i++
    } else out += ch === '|' ? '/' : ch
  }
  return out
}

function context(pid: string, branch: string): string {
  return `pid=${encodeURIComponent(pid)}&branch=${encodeURIComponent(branch)}`
}

export function componentPagePath(
  ecosystem: string,
  name: string,
  version: string,
  pid: string,
  branch: string,
): string {
  const segment = encodeURIComponent(encodeComponentName(name))
  return `/components/live/${encodeURIComponent(ecosystem)}/${segment}/${encodeURIComponent(version)}?${context(pid, branch)}`
}

export function advisoryPagePath(id: string, pid: string, branch: string): string {
  return `/vulns?id=${encodeURIComponent(id)}&${context(pid, branch)}`
}
