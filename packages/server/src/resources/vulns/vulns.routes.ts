// Advisory lookups of one language (spec accounts-and-api §7 "Vulnerabilities and languages"; issue 9
// "Library lookups"): GET /api/v1/vulns/:language pages the advisories naming packages of the language
// (filters in the contract's vulnListQuerySchema), GET /api/v1/vulns/:language/:id answers one advisory
// by id or alias, the records aliasing each other as one with every identifier.
import { routes, type VulnDetail, type VulnSummary } from '@sextant/contract'
import {
  aliasesOf,
  cvesOf,
  cweIdsOf,
  type Ecosystem,
  ecosystemOfOsv,
  fixedInVersions,
  groupByAlias,
  normalisePackageName,
  type OsvRecord,
  primaryOf,
  toAdvice,
} from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import { createAdvisoryStore, decodeListCursor } from '../../advisories'
import type { Db } from '../../db/connection'
import { createEnrichmentStore } from '../../enrichment'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { ecosystemFor } from './languages'

const SEVERITIES = new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE'])
const severityOf = (s: string): VulnSummary['severity'] =>
  SEVERITIES.has(s) ? (s as VulnSummary['severity']) : 'NONE'

/** Dates as the listing writes them (ISO 8601, UTC, milliseconds). */
function isoOf(value: string | null): string | null {
  const time = value === null ? Number.NaN : Date.parse(value)
  return Number.isNaN(time) ? value : new Date(time).toISOString()
}

/** The affected entries of the group naming packages of the ecosystem, one per package name. */
function affectedOf(group: readonly OsvRecord[], ecosystem: Ecosystem): VulnDetail['affected'] {
  const byName = new Map<string, VulnDetail['affected'][number]>()
  for (const record of group) {
    for (const entry of record.affected) {
      if (ecosystemOfOsv(entry.package.ecosystem) !== ecosystem) continue
      const name = normalisePackageName(ecosystem, entry.package.name)
      if (name === '') continue
      const seen = byName.get(name) ?? {
        name,
        fixedInVersions: fixedInVersions(group, ecosystem, name),
        ranges: [],
        versions: [],
      }
      for (const range of entry.ranges) {
        const events = range.events.map((e) => ({ kind: e.kind, version: e.version }))
        const key = JSON.stringify([range.type, events])
        if (!seen.ranges.some((r) => JSON.stringify([r.type, r.events]) === key))
          seen.ranges.push({ type: range.type, events })
      }
      seen.versions = [...new Set([...seen.versions, ...entry.versions])]
      byName.set(name, seen)
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))
}

export function vulnLookupRoutes(app: FastifyInstance, db: Db): void {
  const advisories = createAdvisoryStore(db)
  const enrichment = createEnrichmentStore(db)

  bindRoute(app, routes.vulnList, async ({ params, query }) => {
    const ecosystem = orThrow(ecosystemFor(params.language))
    const after = query.after === undefined ? undefined : decodeListCursor(query.after)
    if (after === null) throw new HttpError(400, 'after must be the next value of a previous page')
    const { total, rows, next } = await advisories.list(ecosystem, { ...query, after })
    return {
      language: params.language,
      total,
      limit: query.limit,
      offset: query.offset,
      next,
      advisories: rows.map((r) => ({
        ...r,
        cve: [r.id, ...r.aliases].find((x) => /^CVE-\d{4}-\d{4,}$/.test(x)) ?? null,
        severity: severityOf(r.severity),
      })),
    }
  })

  bindRoute(app, routes.vulnById, async ({ params }) => {
    const ecosystem = orThrow(ecosystemFor(params.language))
    const found = await advisories.byIdentifier(ecosystem, params.id.trim())
    // Withdrawn records stand for the vulnerability only when nothing else does.
    const live = found.filter((r) => r.withdrawn === null)
    const group = groupByAlias(live.length > 0 ? live : found)[0] ?? []
    const primary = primaryOf(group)
    if (primary === null) throw new HttpError(404, `There is no ${params.language} advisory '${params.id}'.`)
    const affected = affectedOf(group, ecosystem)
    const known = await enrichment.enrichmentFor(cvesOf(group))
    const advice = toAdvice(group, {
      ecosystem,
      name: affected[0]?.name ?? '',
      epss: (cve) => known.epss.get(cve) ?? null,
      kev: (cve) => known.kev.get(cve) ?? null,
    })
    return {
      id: primary.id,
      aliases: aliasesOf(group, primary.id),
      cve: advice.cve,
      summary: primary.summary.trim() || (primary.details.trim().split('\n')[0] ?? ''),
      severity: severityOf(advice.severity),
      cvss: advice.cvss,
      cwes: cweIdsOf([primary, ...group]),
      packages: affected.map((a) => a.name),
      published: isoOf(primary.published),
      modified: isoOf(primary.modified),
      withdrawn: isoOf(primary.withdrawn),
      description: advice.description,
      links: advice.links,
      epss: advice.epss,
      kevEntry: advice.kevEntry,
      affected,
    }
  })
}
