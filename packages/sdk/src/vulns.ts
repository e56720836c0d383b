// Typed calls of the library lookups (spec accounts-and-api §7 "Vulnerabilities and languages" and
// "Projects and reports": GET /api/v1/vulns/{language}?limit&offset plus filters, /vulns/{language}/{id},
// /vulns/cwe/{cweId}, /dependency/{language}/{name}/{version}?filters and .../next). Built on
// SextantClient.call: input checked against the contract, empty filter values dropped, limit and
// offset always sent.
import type { SextantClient } from './client'

/** Filters of one library version's advices. */
export interface AdviceFilters {
  /** One or more of CRITICAL, HIGH, MEDIUM, LOW, NONE (case-insensitive; 'moderate' is MEDIUM). */
  severity?: string | readonly string[] | undefined
  /** 'CWE-79' or 79. */
  cwe?: string | number | undefined
}

/** Filters of a language's advisory listing. */
export interface VulnListFilters extends AdviceFilters {
  /** Exact package name (npm name, Maven 'group:artifact'). */
  package?: string | undefined
  /** Text in the id, an alias or the summary. */
  q?: string | undefined
  /** ISO 8601 date or date-time. */
  modifiedSince?: string | undefined
  includeWithdrawn?: boolean | undefined
}

const severityText = (s: AdviceFilters['severity']) =>
  typeof s === 'string' || s === undefined ? s : s.join(',')
const cweText = (c: AdviceFilters['cwe']) => (c === undefined ? undefined : String(c))

export function vulnsApi(client: SextantClient) {
  return {
    /**
     * One page of a language's advisories (newest modified first); `after`: the `next` of the previous
     * page (keyset paging, as cheap however deep), `offset` then counts from it.
     */
    list: (
      language: string,
      page: { limit?: number; offset?: number; after?: string | null } = {},
      filters: VulnListFilters = {},
    ) =>
      client.call('vulnList', {
        params: { language },
        query: {
          limit: page.limit ?? 20,
          offset: page.offset ?? 0,
          after: page.after ?? undefined,
          severity: severityText(filters.severity),
          cwe: cweText(filters.cwe),
          package: filters.package,
          q: filters.q,
          modifiedSince: filters.modifiedSince,
          includeWithdrawn: filters.includeWithdrawn,
        },
      }),
    /** One advisory by id or alias (e.g. a CVE). */
    get: (language: string, id: string) => client.call('vulnById', { params: { language, id } }),
    cwe: (cweId: string | number) => client.call('vulnCwe', { params: { cweId: String(cweId) } }),
    /** The advices of one library version, filtered. */
    dependency: (
      language: string,
      name: string,
      version: string,
      filters: AdviceFilters & { fixable?: boolean } = {},
    ) =>
      client.call('dependencyAdvices', {
        params: { language, name, version },
        query: {
          severity: severityText(filters.severity),
          cwe: cweText(filters.cwe),
          fixable: filters.fixable,
        },
      }),
    /** The next safe version per lane of one library version. */
    next: (language: string, name: string, version: string) =>
      client.call('dependencyNext', { params: { language, name, version } }),
  }
}

export type VulnsApi = ReturnType<typeof vulnsApi>
