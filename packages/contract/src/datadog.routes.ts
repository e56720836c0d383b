// Route definitions of the metrics integration (spec accounts-and-api §7 "Metrics integration", issue 17).
// §6: reading the set-up and the history is account read; the set-up, the key check and sending the
// account's metrics out now are configuration (Administrators). Every route answers 403 unless the
// account has the 'datadog' feature.
import { z } from 'zod'
import {
  datadogAccountParamsSchema,
  datadogCheckBodySchema,
  datadogCheckSchema,
  datadogSetupBodySchema,
  datadogSetupSchema,
  datadogSubmissionSchema,
} from './datadog'
import type { RouteDef } from './routes'

const base = '/api/v1/integrations/datadog/accounts/:id'

export const datadogRouteDefs = {
  datadogSetupGet: {
    method: 'GET',
    path: `${base}/setup`,
    access: 'member',
    summary:
      "The account's Datadog site and whether metrics are scheduled; the API key is never answered (apiKeySet only).",
    params: datadogAccountParamsSchema,
    permission: { area: 'account', action: 'read', accountParam: 'id' },
    status: 200,
    response: datadogSetupSchema,
  },
  datadogSetupSet: {
    method: 'POST',
    path: `${base}/setup`,
    access: 'member',
    summary:
      "Set the Datadog site {site, baseUrl? (site 'custom'), apiKey?, scheduled?}; apiKey is required the first time and kept when left out for the same API address.",
    params: datadogAccountParamsSchema,
    body: datadogSetupBodySchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: datadogSetupSchema,
  },
  datadogCredentialsCheck: {
    method: 'POST',
    path: `${base}/credentials-check`,
    access: 'member',
    summary:
      'Ask Datadog whether the API key is valid (GET /api/v1/validate); fields sent override the stored ones. 200 when valid, 400 with the reason otherwise.',
    params: datadogAccountParamsSchema,
    body: datadogCheckBodySchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: datadogCheckSchema,
  },
  datadogHistory: {
    method: 'GET',
    path: `${base}/history`,
    access: 'member',
    summary:
      "The account's metric submissions to Datadog, newest first (the last 100), each with its result.",
    params: datadogAccountParamsSchema,
    permission: { area: 'account', action: 'read', accountParam: 'id' },
    status: 200,
    response: z.array(datadogSubmissionSchema),
  },
  datadogSendNow: {
    method: 'POST',
    path: `${base}/send-now`,
    access: 'member',
    summary:
      'Submit the gauges of the latest report of every project branch of the account now (POST /api/v2/series); answers the submission, ok false with the reason when Datadog refused it.',
    params: datadogAccountParamsSchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: datadogSubmissionSchema,
  },
} as const satisfies Record<string, RouteDef>
