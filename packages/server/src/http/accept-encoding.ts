// Content negotiation for precompressed answers (issue 20 "Reports that stay small"): which of the
// encodings a cached form is kept in the client accepts, brotli first (smaller), then gzip, else none.

export type StoredEncoding = 'br' | 'gzip'

/** RFC 9110 §12.5.3: a coding is acceptable when listed (or `*`) without `q=0`. */
export function preferredEncoding(header: string | string[] | undefined): StoredEncoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = new Map<string, boolean>()
  for (const item of text.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, !(q && Number(q.slice(2)) === 0))
  }
  const ok = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? false
  if (ok('br')) return 'br'
  if (ok('gzip')) return 'gzip'
  return null
}
