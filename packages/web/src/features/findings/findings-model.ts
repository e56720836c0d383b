// The findings table's model (issue 19 "Findings table"): filters (severity, CVSS, EPSS, KEV, fixable,
// direct / transitive, scope, ecosystem, analysis state, new since the previous report, free text),
// sorting, and the view kept in the URL (columns, sort, filters) so a link opens the same table. Pure.
import type { FindingColumn, FindingRowDto } from '@sextant/contract'

export const ALL_COLUMNS: { id: FindingColumn; label: string; width: number }[] = [
  { id: 'component', label: 'Component', width: 190 },
  { id: 'version', label: 'Version', width: 90 },
  { id: 'ecosystem', label: 'Ecosystem', width: 90 },
  { id: 'advisory', label: 'Advisory', width: 160 },
  { id: 'severity', label: 'Severity', width: 92 },
  { id: 'state', label: 'Analysis', width: 110 },
  { id: 'cvss', label: 'CVSS', width: 52 },
  { id: 'epss', label: 'EPSS %', width: 64 },
  { id: 'kev', label: 'KEV', width: 44 },
  { id: 'fix', label: 'Safe version', width: 100 },
  { id: 'relation', label: 'Relation', width: 84 },
  { id: 'scope', label: 'Scope', width: 64 },
  { id: 'justification', label: 'Justification', width: 160 },
  { id: 'isNew', label: 'New', width: 48 },
  { id: 'title', label: 'Title', width: 220 },
  { id: 'path', label: 'Introduced through', width: 240 },
]
/** The default choice, in the table's order. */
export const DEFAULT_COLUMNS: FindingColumn[] = [
  'component',
  'version',
  'advisory',
  'severity',
  'state',
  'cvss',
  'epss',
  'kev',
  'fix',
  'relation',
  'path',
]

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE'] as const
const SEVERITY_RANK: Record<string, number> = { CRITICAL: 5, HIGH: 4, MEDIUM: 3, LOW: 2, SUGGEST: 1, NONE: 0 }
export const STATES = [
  'not_set',
  'in_triage',
  'exploitable',
  'resolved',
  'false_positive',
  'not_affected',
] as const

export type Tri = 'any' | 'yes' | 'no'

export interface FindingFilters {
  severities: string[]
  minCvss: number | null
  minEpss: number | null
  kev: Tri
  fixable: Tri
  relation: 'any' | 'direct' | 'transitive'
  scopes: string[]
  ecosystems: string[]
  states: string[]
  newOnly: boolean
  text: string
}

export const NO_FILTERS: FindingFilters = {
  severities: [],
  minCvss: null,
  minEpss: null,
  kev: 'any',
  fixable: 'any',
  relation: 'any',
  scopes: [],
  ecosystems: [],
  states: [],
  newOnly: false,
  text: '',
}

export interface TableView {
  columns: FindingColumn[]
  sort: { column: FindingColumn; desc: boolean }
  filters: FindingFilters
}

export const DEFAULT_VIEW: TableView = {
  columns: DEFAULT_COLUMNS,
  sort: { column: 'severity', desc: true },
  filters: NO_FILTERS,
}

const tri = (value: boolean, want: Tri) => want === 'any' || (want === 'yes') === value

/** The lowercase text the free-text filter looks in, per row. */
function searchKeys(rows: readonly FindingRowDto[]): string[] {
  return rows.map((r) =>
    `${r.name} ${r.version} ${r.adviceId} ${r.cve ?? ''} ${r.title} ${r.introducedThrough}`.toLowerCase(),
  )
}
const searchCache = new WeakMap<readonly FindingRowDto[], string[]>()

/**
 * searchKeys of these rows, built once per answer (the rows array of a query), not once per keystroke;
 * the table builds them when the page is idle after its first render (issue 19 acceptance 4).
 */
export function searchKeysOf(rows: readonly FindingRowDto[]): string[] {
  let keys = searchCache.get(rows)
  if (!keys) {
    keys = searchKeys(rows)
    searchCache.set(rows, keys)
  }
  return keys
}

export function filterRows(rows: readonly FindingRowDto[], f: FindingFilters): FindingRowDto[] {
  const text = f.text.trim().toLowerCase()
  const search = text === '' ? null : searchKeysOf(rows)
  const severities = new Set(f.severities)
  const scopes = new Set(f.scopes)
  const ecosystems = new Set(f.ecosystems)
  const states = new Set(f.states)
  return rows.filter(
    (r, i) =>
      (search === null || search[i]!.includes(text)) &&
      (severities.size === 0 || severities.has(r.severity)) &&
      (f.minCvss === null || (r.cvss ?? -1) >= f.minCvss) &&
      (f.minEpss === null || (r.epss ?? -1) * 100 >= f.minEpss) &&
      tri(r.kev, f.kev) &&
      tri(r.safeVersion !== null, f.fixable) &&
      (f.relation === 'any' || (f.relation === 'direct') === r.direct) &&
      (scopes.size === 0 || scopes.has(r.scope)) &&
      (ecosystems.size === 0 || ecosystems.has(r.language)) &&
      (states.size === 0 || states.has(r.state)) &&
      (!f.newOnly || r.isNew),
  )
}

/** The value a column sorts by; null sorts last whatever the direction. */
function sortValue(r: FindingRowDto, column: FindingColumn): string | number | null {
  switch (column) {
    case 'component':
      return r.name.toLowerCase()
    case 'version':
      return r.version
    case 'ecosystem':
      return r.language
    case 'advisory':
      return r.cve ?? r.adviceId
    case 'title':
      return r.title.toLowerCase()
    case 'severity':
      return SEVERITY_RANK[r.severity] ?? 0
    case 'cvss':
      return r.cvss
    case 'epss':
      return r.epss
    case 'kev':
      return r.kev ? 1 : 0
    case 'fix':
      return r.safeVersion
    case 'relation':
      return r.direct ? 0 : 1
    case 'scope':
      return r.scope
    case 'state':
      return r.state
    case 'justification':
      return r.justification
    case 'isNew':
      return r.isNew ? 1 : 0
    case 'path':
      return r.introducedThrough
  }
}

// one collator for every comparison: String.localeCompare builds one per call (the same order)
const collator = new Intl.Collator()

const byKey = (a: FindingRowDto, b: FindingRowDto) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/** The rows in key order: the order sortRows keeps among equal values (linear when already in it). */
export function inKeyOrder(rows: FindingRowDto[]): FindingRowDto[] {
  return rows.sort(byKey)
}

/**
 * The rows by one column; equal values keep their order in `rows` (the sort is stable), which is key
 * order for the table's rows (inKeyOrder), so no key is compared per tie.
 */
export function sortRows(rows: readonly FindingRowDto[], sort: TableView['sort']): FindingRowDto[] {
  // an order of indexes over one array of values: no object per row, nothing but numbers compared unless
  // the column is a text
  const values = rows.map((r) => sortValue(r, sort.column))
  const order = rows.map((_, i) => i)
  const sign = sort.desc ? -1 : 1
  order.sort((i, j) => {
    const a = values[i]!
    const b = values[j]!
    if (a === b) return 0
    if (a === null) return 1
    if (b === null) return -1
    return (
      sign * (typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b)))
    )
  })
  return order.map((i) => rows[i]!)
}

/**
 * The last result of `compute` per rows array and key: the table mounted again over the same answer (the
 * report page replacing its first screen, issue 19 acceptance 4) does not filter and sort 20,000 rows again.
 */
function lastPerRows<T>() {
  const last = new WeakMap<readonly FindingRowDto[], { key: string; value: T }>()
  return (rows: readonly FindingRowDto[], key: string, compute: () => T): T => {
    const hit = last.get(rows)
    if (hit?.key === key) return hit.value
    const value = compute()
    last.set(rows, { key, value })
    return value
  }
}
const lastFiltered = lastPerRows<FindingRowDto[]>()
const lastSorted = lastPerRows<FindingRowDto[]>()

/** filterRows, kept for the last filters asked of these rows. */
export function filterRowsOnce(rows: readonly FindingRowDto[], f: FindingFilters): FindingRowDto[] {
  return lastFiltered(rows, JSON.stringify(f), () => filterRows(rows, f))
}

/** sortRows, kept for the last sort asked of these rows. */
export function sortRowsOnce(rows: readonly FindingRowDto[], sort: TableView['sort']): FindingRowDto[] {
  return lastSorted(rows, `${sort.column}:${sort.desc}`, () => sortRows(rows, sort))
}

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : [])
const num = (v: string | null) => (v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v))
const triOf = (v: string | null): Tri => (v === 'yes' || v === 'no' ? v : 'any')
const COLUMN_IDS = new Set<string>(ALL_COLUMNS.map((c) => c.id))

/** The table view from the URL's `f.*` parameters; unknown values are ignored. */
export function viewFromSearch(search: URLSearchParams): TableView {
  const columns = list(search.get('f.cols')).filter((c): c is FindingColumn => COLUMN_IDS.has(c))
  const sortColumn = search.get('f.sort')?.replace(/^-/, '') ?? ''
  const relation = search.get('f.rel')
  return {
    columns: columns.length > 0 ? columns : DEFAULT_COLUMNS,
    sort: COLUMN_IDS.has(sortColumn)
      ? { column: sortColumn as FindingColumn, desc: search.get('f.sort')!.startsWith('-') }
      : DEFAULT_VIEW.sort,
    filters: {
      severities: list(search.get('f.sev')).filter((s) => (SEVERITIES as readonly string[]).includes(s)),
      minCvss: num(search.get('f.cvss')),
      minEpss: num(search.get('f.epss')),
      kev: triOf(search.get('f.kev')),
      fixable: triOf(search.get('f.fix')),
      relation: relation === 'direct' || relation === 'transitive' ? relation : 'any',
      scopes: list(search.get('f.scope')),
      ecosystems: list(search.get('f.eco')),
      states: list(search.get('f.state')).filter((s) => (STATES as readonly string[]).includes(s)),
      newOnly: search.get('f.new') === '1',
      text: search.get('f.q') ?? '',
    },
  }
}

/** Writes the view into the URL's `f.*` parameters (defaults left out), keeping every other parameter. */
export function viewToSearch(view: TableView, base: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(base)
  for (const key of [...out.keys()]) if (key.startsWith('f.')) out.delete(key)
  const set = (key: string, value: string | null) => {
    if (value !== null && value !== '') out.set(key, value)
  }
  const f = view.filters
  if (view.columns.join(',') !== DEFAULT_COLUMNS.join(',')) set('f.cols', view.columns.join(','))
  if (view.sort.column !== DEFAULT_VIEW.sort.column || view.sort.desc !== DEFAULT_VIEW.sort.desc)
    set('f.sort', `${view.sort.desc ? '-' : ''}${view.sort.column}`)
  set('f.sev', f.severities.join(','))
  set('f.cvss', f.minCvss === null ? null : String(f.minCvss))
  set('f.epss', f.minEpss === null ? null : String(f.minEpss))
  set('f.kev', f.kev === 'any' ? null : f.kev)
  set('f.fix', f.fixable === 'any' ? null : f.fixable)
  set('f.rel', f.relation === 'any' ? null : f.relation)
  set('f.scope', f.scopes.join(','))
  set('f.eco', f.ecosystems.join(','))
  set('f.state', f.states.join(','))
  set('f.new', f.newOnly ? '1' : null)
  set('f.q', f.text)
  return out
}

/** The text a cell shows (the server's CSV writes the same columns from the same rows). */
export function cellText(r: FindingRowDto, column: FindingColumn): string {
  switch (column) {
    case 'component':
      return r.name
    case 'version':
      return r.version
    case 'ecosystem':
      return r.language
    case 'advisory':
      return r.cve ?? r.adviceId
    case 'title':
      return r.title
    case 'severity':
      return r.severity
    case 'cvss':
      return r.cvss === null ? '' : String(r.cvss)
    case 'epss':
      return r.epss === null ? '' : String(Number((r.epss * 100).toFixed(2)))
    case 'kev':
      return r.kev ? 'yes' : 'no'
    case 'fix':
      return r.safeVersion ?? ''
    case 'relation':
      return r.direct ? 'direct' : 'transitive'
    case 'scope':
      return r.scope
    case 'state':
      return r.state.replaceAll('_', ' ')
    case 'justification':
      return r.justification?.replaceAll('_', ' ') ?? ''
    case 'isNew':
      return r.isNew ? 'new' : ''
    case 'path':
      return r.introducedThrough
  }
}

/** The values a facet takes in these rows (scopes, ecosystems), sorted. */
export function facetValues(rows: readonly FindingRowDto[], pick: (r: FindingRowDto) => string): string[] {
  return [...new Set(rows.map(pick))].sort()
}
