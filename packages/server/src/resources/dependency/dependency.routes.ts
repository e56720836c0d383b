// Library lookups (spec accounts-and-api §7 "Projects and reports"; issue 9 "Library lookups"):
// GET /api/v1/dependency/:language/:name/:version answers the advisories of one library version as
// Advice objects (filtered by severity, CWE and fixability when asked), GET .../next the latest safe
// version per lane from the registry versions known.
import { routes } from '@sextant/contract'
import {
  cvesOf,
  cweIdsOf,
  groupByAlias,
  matchRecords,
  packageKey,
  safeVersionsFor,
  toAdvice,
} from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import { createAdvisoryStore } from '../../advisories'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { createEnrichmentStore } from '../../enrichment'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { createMetadataSource } from '../../metadata'
import { ecosystemFor } from '../vulns/languages'

export function dependencyRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient,
): void {
  const advisories = createAdvisoryStore(db)
  const enrichment = createEnrichmentStore(db)
  const metadata = createMetadataSource(db, config, { outbound })

  bindRoute(app, routes.dependencyAdvices, async ({ params, query }) => {
    const { language, name, version } = params
    const ecosystem = orThrow(ecosystemFor(language))
    const records = await advisories.recordsFor([{ ecosystem, name }])
    const match = matchRecords(records, { ecosystem, name, version })
    if (match.status === 'unparseable')
      throw new HttpError(400, `'${version}' is not a version ${language} can read.`)
    const hits = match.affected.map((h) => h.record)
    const known = await enrichment.enrichmentFor(cvesOf(hits))
    const advices = groupByAlias(hits)
      .filter((group) => query.cwe === undefined || cweIdsOf(group).includes(query.cwe))
      .map((group) =>
        toAdvice(group, {
          ecosystem,
          name,
          affectedComponents: [`${name}@${version}`],
          epss: (cve) => known.epss.get(cve) ?? null,
          kev: (cve) => known.kev.get(cve) ?? null,
        }),
      )
      .filter((a) => query.severity === undefined || (query.severity as string[]).includes(a.severity))
      .filter((a) => query.fixable === undefined || a.fixedInVersions.length > 0 === query.fixable)
    return { language, name, version, advices, assessed: !(await advisories.isEmpty()) }
  })

  bindRoute(app, routes.dependencyNext, async ({ params }) => {
    const { language, name, version } = params
    const ecosystem = orThrow(ecosystemFor(language))
    const [records, batch] = await Promise.all([
      advisories.recordsFor([{ ecosystem, name }]),
      metadata.metadataFor([{ ecosystem, name, version }]),
    ])
    const versions = batch.packages.get(packageKey(ecosystem, name))?.versions.map((v) => v.version) ?? []
    return {
      language,
      name,
      version,
      safeVersions: safeVersionsFor(ecosystem, name, records, { version, versions }),
      versionsConsidered: versions.length,
    }
  })
}
