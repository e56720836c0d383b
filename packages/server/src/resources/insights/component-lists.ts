// Insights with all=true (spec accounts-and-api §7 "Insights"; issue 20 "Account-wide views from facts":
// ≤ 100 ms at 200 projects × 10 reports): every component of every latest report, not only the vulnerable
// ones. Each report's component list (report_facts, migration 047) is read once and kept as numbers (reports
// are immutable); an answer counts projects and branches per component over those numbers and builds the
// full entries of one page only. Advisories come from the findings, as without all=true.
import type { AdvisoryInsight, ComponentInsight, InsightsQuery, LatestReport } from '@sextant/contract'
import type { DigestAdvisory, DigestComponent } from './insights.repo'
import { highestSeverity } from './insights.service'

/** One report's components in document order: `keys[i]` and `versions[i]` index ComponentLists' tables. */
export interface ReportList {
  keys: Int32Array
  versions: Int32Array
}

/** A report's component columns as stored (report_facts). */
export interface ListColumns {
  reportUuid: string
  languages: string[]
  names: string[]
  versions: string[]
}

/** Component keys (language + name) and versions as numbers, shared by the lists read with them. */
export class ComponentTables {
  private readonly keyIds = new Map<string, number>()
  readonly keys: { language: string; name: string }[] = []
  private readonly versionIds = new Map<string, number>()
  readonly versions: string[] = []

  /** The id of a component key, added to the table when new. */
  keyId(language: string, name: string): number {
    const key = `${language}\u0000${name}`
    let id = this.keyIds.get(key)
    if (id === undefined) {
      id = this.keys.length
      this.keyIds.set(key, id)
      this.keys.push({ language, name })
    }
    return id
  }

  versionId(version: string): number {
    let id = this.versionIds.get(version)
    if (id === undefined) {
      id = this.versions.length
      this.versionIds.set(version, id)
      this.versions.push(version)
    }
    return id
  }
}

/**
 * The component lists of reports, kept per report (bounded by components held; the oldest reports go
 * first) with the tables they index. Tables only grow: past `maxNames` entries new tables are started and
 * every list read again (an answer being computed keeps the tables it was given).
 */
export class ComponentLists {
  private readonly entries = new Map<string, ReportList>()
  private held = 0
  private tables = new ComponentTables()

  constructor(
    private readonly maxComponents = 2_000_000,
    private readonly maxNames = 1_000_000,
  ) {}

  /** The lists of `reportUuids` (a report without stored columns has none), reading those not held with `read`. */
  async listsOf(
    reportUuids: string[],
    read: (missing: string[]) => Promise<ListColumns[]>,
  ): Promise<{ tables: ComponentTables; lists: Map<string, ReportList> }> {
    if (this.tables.keys.length > this.maxNames || this.tables.versions.length > this.maxNames) {
      this.entries.clear()
      this.held = 0
      this.tables = new ComponentTables()
    }
    const tables = this.tables
    const found = new Map<string, ReportList>()
    const missing: string[] = []
    for (const uuid of reportUuids) {
      const held = this.entries.get(uuid)
      if (held) found.set(uuid, held)
      else missing.push(uuid)
    }
    if (missing.length > 0)
      for (const columns of await read(missing)) {
        const n = columns.names.length
        const list: ReportList = { keys: new Int32Array(n), versions: new Int32Array(n) }
        for (let i = 0; i < n; i++) {
          list.keys[i] = tables.keyId(columns.languages[i] ?? '', columns.names[i]!)
          list.versions[i] = tables.versionId(columns.versions[i] ?? '')
        }
        found.set(columns.reportUuid, list)
        // kept only with the tables it indexes (others may have been started meanwhile)
        if (tables === this.tables) this.put(columns.reportUuid, list)
      }
    return { tables, lists: found }
  }

  private put(uuid: string, list: ReportList) {
    const old = this.entries.get(uuid)
    if (old) this.held -= old.keys.length
    this.entries.delete(uuid)
    this.entries.set(uuid, list)
    this.held += list.keys.length
    while (this.held > this.maxComponents && this.entries.size > 1) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.held -= this.entries.get(oldest.value)?.keys.length ?? 0
      this.entries.delete(oldest.value)
    }
  }
}

type AllFilters = Pick<InsightsQuery, 'component' | 'language'> & { limit: number; offset: number }

const SEVERITY_RANK: Record<ComponentInsight['severity'], number> = {
  CRITICAL: 6,
  HIGH: 5,
  MEDIUM: 4,
  LOW: 3,
  SUGGEST: 2,
  NONE: 1,
}

/**
 * The answer of aggregateInsights with all=true and no advisory or severity filter (with one, all=true
 * lists exactly the components all=false lists): the same groups, order and page. `findings` is the
 * digest of the reports' vulnerable components; a report without a stored list counts with those alone.
 */
export function aggregateAllComponents(
  latest: LatestReport[],
  lists: Map<string, ReportList>,
  tables: ComponentTables,
  findings: DigestComponent[],
  query: AllFilters,
): { total: number; components: ComponentInsight[]; advisories: AdvisoryInsight[] } {
  const reports = new Map(latest.map((r) => [r.reportUuid, r]))
  // Reports without a stored list: their vulnerable components, in position order, stand for it.
  const fallback = new Map<string, number[]>()
  const fallbackVersions = new Map<string, string[]>()
  for (const c of findings)
    if (!lists.has(c.reportUuid)) {
      const ks = fallback.get(c.reportUuid) ?? []
      const vs = fallbackVersions.get(c.reportUuid) ?? []
      ks.push(tables.keyId(c.language, c.name))
      vs.push(c.version)
      fallback.set(c.reportUuid, ks)
      fallbackVersions.set(c.reportUuid, vs)
    }
  const keysOf = (uuid: string): ArrayLike<number> => lists.get(uuid)?.keys ?? fallback.get(uuid) ?? []

  const findingKeys = findings.map((c) => tables.keyId(c.language, c.name))
  const n = tables.keys.length
  // 0 unknown, 1 passes the filters, 2 does not
  const pass = new Uint8Array(n)
  const language = query.language?.toLowerCase()
  const part = query.component?.toLowerCase()
  const passes = (k: number) => {
    if (pass[k] === 0) {
      const { language: l, name } = tables.keys[k]!
      const ok = (!language || l.toLowerCase() === language) && (!part || name.toLowerCase().includes(part))
      pass[k] = ok ? 1 : 2
    }
    return pass[k] === 1
  }

  // Projects and branches per key; reports taken project by project so that a project counts once.
  const projectIndex = new Map<string, number>()
  for (const r of latest)
    if (!projectIndex.has(r.projectUuid)) projectIndex.set(r.projectUuid, projectIndex.size)
  const order = latest
    .map((r, i) => ({ i, p: projectIndex.get(r.projectUuid)! }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
  const branches = new Int32Array(n)
  const projects = new Int32Array(n)
  const lastReport = new Int32Array(n).fill(-1)
  const lastProject = new Int32Array(n).fill(-1)
  // where the original first met a key (report in `latest` order, then document order): its tie-break
  const firstSeen = new Float64Array(n).fill(Number.POSITIVE_INFINITY)
  const met: number[] = []
  for (const { i: ri, p } of order) {
    const keys = keysOf(latest[ri]!.reportUuid)
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j]!
      if (!passes(k)) continue
      const at = ri * 1e7 + j
      if (at < firstSeen[k]!) firstSeen[k] = at
      if (lastReport[k] === ri) continue
      if (branches[k] === 0) met.push(k)
      lastReport[k] = ri
      branches[k]!++
      if (lastProject[k] !== p) {
        lastProject[k] = p
        projects[k]!++
      }
    }
  }
  // Advisories per key (the last reading of an id wins, as in aggregateInsights) and per advisory its
  // components and projects (the first reading wins), over the findings of the keys that pass.
  const ofKey = new Map<number, Map<string, DigestAdvisory>>()
  const perAdvisory = new Map<
    string,
    { advisory: DigestAdvisory; components: Set<number>; projects: Set<string> }
  >()
  findings.forEach((c, i) => {
    const report = reports.get(c.reportUuid)
    const k = findingKeys[i]!
    if (!report || !passes(k)) return
    const own = ofKey.get(k) ?? new Map<string, DigestAdvisory>()
    ofKey.set(k, own)
    for (const a of c.advisories) {
      own.set(a.id, a)
      const entry = perAdvisory.get(a.id) ?? { advisory: a, components: new Set(), projects: new Set() }
      perAdvisory.set(a.id, entry)
      entry.components.add(k)
      entry.projects.add(report.projectUuid)
    }
  })
  const severityOfKey = new Map<number, ComponentInsight['severity']>()
  for (const [k, own] of ofKey) severityOfKey.set(k, highestSeverity([...own.values()]))
  const severity = (k: number) => SEVERITY_RANK[severityOfKey.get(k) ?? 'NONE']
  met.sort(
    (a, b) =>
      projects[b]! - projects[a]! ||
      branches[b]! - branches[a]! ||
      severity(b) - severity(a) ||
      tables.keys[a]!.name.localeCompare(tables.keys[b]!.name) ||
      firstSeen[a]! - firstSeen[b]!,
  )

  // The page: versions and branches of its keys only, branches in `latest` order.
  const page = met.slice(query.offset, query.offset + query.limit)
  const slot = new Map(page.map((k, s) => [k, s]))
  const versions = page.map(() => new Set<string>())
  const refs: ComponentInsight['projects'][] = page.map(() => [])
  const lastIn = new Int32Array(page.length).fill(-1)
  latest.forEach((r, ri) => {
    const list = lists.get(r.reportUuid)
    const keys = keysOf(r.reportUuid)
    const named = fallbackVersions.get(r.reportUuid)
    for (let j = 0; j < keys.length; j++) {
      const s = slot.get(keys[j]!)
      if (s === undefined) continue
      versions[s]!.add(list ? tables.versions[list.versions[j]!]! : named![j]!)
      if (lastIn[s] === ri) continue
      lastIn[s] = ri
      refs[s]!.push({
        projectUuid: r.projectUuid,
        projectName: r.projectName,
        branch: r.branch,
        reportUuid: r.reportUuid,
      })
    }
  })
  return {
    total: met.length,
    components: page.map((k, s) => {
      const own = ofKey.get(k)
      const advisories = own
        ? [...own.values()].sort(
            (x, y) => SEVERITY_RANK[y.severity] - SEVERITY_RANK[x.severity] || x.id.localeCompare(y.id),
          )
        : []
      return {
        language: tables.keys[k]!.language,
        name: tables.keys[k]!.name,
        versions: [...versions[s]!].sort(),
        severity: severityOfKey.get(k) ?? 'NONE',
        advisories,
        projects: refs[s]!,
      }
    }),
    advisories: [...perAdvisory.values()]
      .map((e) => ({ ...e.advisory, components: e.components.size, projects: e.projects.size }))
      .sort(
        (x, y) =>
          y.projects - x.projects ||
          y.components - x.components ||
          SEVERITY_RANK[y.severity] - SEVERITY_RANK[x.severity] ||
          x.id.localeCompare(y.id),
      ),
  }
}
