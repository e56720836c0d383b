// Route definitions of the findings table (issue 19 "Findings table"): the rows of a report, and the
// CSV of exactly the rows and columns the page shows, written by the server's one CSV writer.
import { exclusionBranchParamsSchema } from './exclusions'
import {
  findingsCsvAnswerSchema,
  findingsCsvBodySchema,
  findingsQuerySchema,
  planPatchAnswerSchema,
  planPatchQuerySchema,
  remediationPlanSchema,
} from './findings'
import { findingsAnswerSchema } from './findings-columns'
import type { RouteDef } from './routes'

export const findingRouteDefs = {
  findingsList: {
    method: 'GET',
    path: '/api/v2/findings/:projectId/:branch',
    access: 'anonymous',
    summary:
      'One row per component × advisory of the latest report of a branch (or ?reportUuid=), with analysis state, safe version, path and whether it is new since the previous report; sent column by column, each text once in `strings`.',
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
  findingsPlanPatch: {
    method: 'GET',
    path: '/api/v2/findings/:projectId/:branch/plan/patch',
    access: 'anonymous',
    summary:
      "One lane (?lane=patch|minor|major, default minor) of the remediation plan of the latest report of a branch (or ?reportUuid=) as a unified diff of the project's package.json and pom.xml files as uploaded: upgrades, overrides and dependencyManagement pins; what is not a mechanical manifest change is listed as skipped. 404 without a report, 409 when the report's files are gone or nothing in the lane can be written.",
    params: exclusionBranchParamsSchema,
    query: planPatchQuerySchema,
    status: 200,
    response: planPatchAnswerSchema,
  },
} as const satisfies Record<string, RouteDef>
