// Builds request URLs from the route table's ':param' paths (contract routes, DESIGN §5).
// Path values are encodeURIComponent-ed; query values that are empty (undefined, null, '') are dropped
// (spec report-page §5: "query drops empty values but keeps limit and offset", which are never empty).

export type QueryValue = string | number | boolean | null | undefined

export function buildPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter '${name}' for ${template}`)
    }
    return encodeURIComponent(String(value))
  })
}

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null && item !== '') search.append(key, String(item))
      continue
    }
    if (typeof value === 'object') continue
    search.append(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export function joinUrl(baseUrl: string, pathAndQuery: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${pathAndQuery}`
}
