// Route definitions of triage (issue 19 "Analysis states"): the analyses of a branch's findings, bulk
// triage (reports edit, §6), and one finding's audit trail.
import { z } from 'zod'
import { exclusionBranchParamsSchema } from './exclusions'
import type { RouteDef } from './routes'
import {
  analysisEventSchema,
  findingAnalysisSchema,
  triageBodySchema,
  triageEventsQuerySchema,
  vexImportAnswerSchema,
  vexImportBodySchema,
} from './triage'

export const triageRouteDefs = {
  triageList: {
    method: 'GET',
    path: '/api/v2/triage/:projectId/:branch',
    access: 'anonymous',
    summary:
      'The analyses of the findings of a branch (URL-encoded): state, justification, responses, detail, expiry.',
    params: exclusionBranchParamsSchema,
    status: 200,
    response: z.array(findingAnalysisSchema),
  },
  triageSet: {
    method: 'POST',
    path: '/api/v2/triage/:projectId/:branch',
    access: 'member',
    summary:
      'Set one analysis on up to 1,000 findings. States resolved, false_positive and not_affected exclude the finding (reasons mitigated / invalid / unapplicable) until the expiry date; in_triage and exploitable keep it active. Takes effect at the next recompute.',
    params: exclusionBranchParamsSchema,
    body: triageBodySchema,
    status: 200,
    response: z.array(findingAnalysisSchema),
    permission: { area: 'reports', action: 'edit' },
  },
  triageEvents: {
    method: 'GET',
    path: '/api/v2/triage/:projectId/:branch/events',
    access: 'member',
    summary:
      "One finding's audit trail: who changed what, when, oldest first. Members of the project's account only (it names people).",
    params: exclusionBranchParamsSchema,
    query: triageEventsQuerySchema,
    status: 200,
    response: z.array(analysisEventSchema),
    permission: { area: 'reports', action: 'read' },
  },
  triageVexImport: {
    method: 'POST',
    path: '/api/v2/triage/:projectId/:branch/vex',
    access: 'member',
    summary:
      "Import a CycloneDX VEX or OpenVEX document: each statement sets the analysis of the latest report's findings it names (by vulnerability id or alias, and purl when given), recorded in their audit trails.",
    params: exclusionBranchParamsSchema,
    body: vexImportBodySchema,
    status: 200,
    response: vexImportAnswerSchema,
    permission: { area: 'reports', action: 'edit' },
  },
  triageOpenVex: {
    method: 'GET',
    path: '/api/v2/triage/:projectId/:branch/openvex',
    access: 'anonymous',
    summary: 'The analysed findings of the latest report of a branch as an OpenVEX 0.2.0 document.',
    params: exclusionBranchParamsSchema,
    status: 200,
    response: z.unknown(),
  },
} satisfies Record<string, RouteDef>
