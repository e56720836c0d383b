// Route definitions of library lookups (spec accounts-and-api §7 "Projects and reports":
// GET /api/v1/dependency/{language}/{name}/{version} and .../next; issue 9 "Library lookups").
// A scoped npm name travels encoded ('@scope%2Fname'); Maven names are 'group:artifact'.
import { z } from 'zod'
import { adviceSchema, languageSchema, safeVersionsSchema } from './report'
import type { RouteDef } from './routes'
import { dependencyFiltersSchema } from './vulns'

export const dependencyParamsSchema = z.object({
  language: languageSchema,
  name: z.string().min(1),
  version: z.string().min(1),
})

/** The advisories known for one library version, as the report's Advice objects. */
export const dependencyAdvicesSchema = z.object({
  language: languageSchema,
  name: z.string(),
  version: z.string(),
  advices: z.array(adviceSchema),
  /** False when no advisory was imported yet: "no advices" then means "not assessed". */
  assessed: z.boolean(),
})
export type DependencyAdvices = z.infer<typeof dependencyAdvicesSchema>

/** The next safe version per lane (product-notes "Safe versions"); a lane is absent when none is. */
export const dependencyNextSchema = z.object({
  language: languageSchema,
  name: z.string(),
  version: z.string(),
  safeVersions: safeVersionsSchema,
  /** How many registry versions were considered (0 when the registry metadata is unknown). */
  versionsConsidered: z.number().int(),
})
export type DependencyNext = z.infer<typeof dependencyNextSchema>

export const dependencyRouteDefs = {
  dependencyAdvices: {
    method: 'GET',
    path: '/api/v1/dependency/:language/:name/:version',
    access: 'anonymous',
    summary:
      'Advisories affecting one library version, as Advice objects; filters severity (comma-separated CRITICAL, HIGH, MEDIUM, LOW, NONE), cwe and fixable (true or false), empty values ignored, a bad value 400 naming it; 404 for a language we do not know.',
    params: dependencyParamsSchema,
    query: dependencyFiltersSchema,
    status: 200,
    response: dependencyAdvicesSchema,
  },
  dependencyNext: {
    method: 'GET',
    path: '/api/v1/dependency/:language/:name/:version/next',
    access: 'anonymous',
    summary:
      'The latest non-vulnerable version per lane (patch, minor, major) for one library version, from the registry versions known.',
    params: dependencyParamsSchema,
    status: 200,
    response: dependencyNextSchema,
  },
} as const satisfies Record<string, RouteDef>
