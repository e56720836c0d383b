// Route definitions of instance licences (spec accounts-and-api §7 "Licence server", issue 17; our
// reading in instance-licences.ts). §6: the server's licences are the system administrator's ('system').
import {
  instanceLicenceSchema,
  instanceLicencesSchema,
  licenceActivateQuerySchema,
  licenceIdParamsSchema,
  licenceInstallBodySchema,
} from './instance-licences'
import type { RouteDef } from './routes'

export const instanceLicenceRouteDefs = {
  licenceList: {
    method: 'GET',
    path: '/api/v1/license',
    access: 'member',
    summary:
      "The server's installed licences, whom each is activated for, and whether the server runs unlicensed (every account on the self-hosted plan).",
    permission: { area: 'system', action: 'read' },
    status: 200,
    response: instanceLicencesSchema,
  },
  licenceInstall: {
    method: 'POST',
    path: '/api/v1/license',
    access: 'member',
    summary:
      'Install a licence file {file}: its Ed25519 signature is checked offline against SEXTANT_LICENCE_PUBLIC_KEY; a bad signature, an expired licence or an unknown plan is refused (400) naming why.',
    body: licenceInstallBodySchema,
    permission: { area: 'system', action: 'create' },
    status: 200,
    response: instanceLicenceSchema,
  },
  licenceActivate: {
    method: 'POST',
    path: '/api/v1/license/:id/activate',
    access: 'member',
    summary:
      "Activate a licence for an account (?account=uuid): the account's plan and features become the licence's plan's. Refused (400) when expired or when the account has more members than the licence's seats; 409 when the licence or the account already has another.",
    params: licenceIdParamsSchema,
    query: licenceActivateQuerySchema,
    permission: { area: 'system', action: 'edit' },
    status: 200,
    response: instanceLicenceSchema,
  },
  licenceRelease: {
    method: 'POST',
    path: '/api/v1/license/:id/release',
    access: 'member',
    summary: 'Free a licence: its account gets back the plan and features it had before the activation.',
    params: licenceIdParamsSchema,
    permission: { area: 'system', action: 'edit' },
    status: 200,
    response: instanceLicenceSchema,
  },
} as const satisfies Record<string, RouteDef>
