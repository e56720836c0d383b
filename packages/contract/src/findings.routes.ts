// Route definitions of the findings table (issue 19 "Findings table"): the rows of a report, and the
// CSV of exactly the rows and columns the page shows, written by the server's one CSV writer.
import { exclusionBranchParamsSchema } from './exclusions'
import {
  findingsAnswerSchema,
  findingsCsvAnswerSchema,
  findingsCsvBodySchema,
  findingsQuerySchema,
  remediationPlanSchema,
} from './findings'
import type { RouteDef } from './routes'

export const findingRouteDefs = {
  findingsList: {
    method: 'GET',
    path: '/api/v2/findings/:projectId/:branch',
    access: 'anonymous',
    summary:
      'One row per component × advisory of the latest report of a branch (or ?reportUuid=), with analysis state, safe version, path and whether it is new since the previous report.',
    params: exclusionBranchParamsSchema,
    query: findingsQuerySchema,
    status: 200,
    response: findingsAnswerSchema,
  },
  findingsCsv: {
    method: 'POST',
    path: '/api/v2/findings/:projectId/:branch/csv',
    access: 'anonymous',
    summary:
      'The CSV of the findings table as shown: the rows named by key, in that order, with the columns chosen. Writes nothing.',
    params: exclusionBranchParamsSchema,
    body: findingsCsvBodySchema,
    status: 200,
    response: findingsCsvAnswerSchema,
  },
  findingsPlan: {
    method: 'GET',
    path: '/api/v2/findings/:projectId/:branch/plan',
    access: 'anonymous',
    summary:
      "The remediation plan of the latest report of a branch (or ?reportUuid=): per lane (patch / minor / major) the upgrades of direct dependencies and what each fixes, lockfile updates and pins where no direct upgrade admits a safe version, and what remains with why. Registry data from the server's metadata cache.",
    params: exclusionBranchParamsSchema,
    query: findingsQuerySchema,
    status: 200,
    response: remediationPlanSchema,
  },
} as const satisfies Record<string, RouteDef>
