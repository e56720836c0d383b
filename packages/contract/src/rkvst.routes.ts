// Route definitions of the asset-tracking integration (DataTrails, formerly RKVST; spec accounts-and-api §7
// "Asset-tracking integration", issue 17). §6: the application credentials are configuration
// (Administrators; reading whether they are set is account read); listing the account's branches and
// their assets is projects read; linking and unlinking a branch edits the project; publishing a report
// and publishing or withdrawing an SBOM edit reports; a branch's history is reports read. Every route
// answers 403 unless the account has the 'rkvst' feature.
import { z } from 'zod'
import {
  rkvstAccountParamsSchema,
  rkvstBranchParamsSchema,
  rkvstBranchSchema,
  rkvstCheckBodySchema,
  rkvstCheckSchema,
  rkvstCredentialsBodySchema,
  rkvstCredentialsSchema,
  rkvstHistoryEntrySchema,
  rkvstSbomParamsSchema,
  rkvstSbomSchema,
} from './rkvst'
import type { RouteDef } from './routes'

const base = '/api/v1/integrations/rkvst/accounts/:id'
const branch = `${base}/projects/:projectId/:branch`

export const rkvstRouteDefs = {
  rkvstProjects: {
    method: 'GET',
    path: '/api/v1/rkvst/accounts/:id/projects',
    access: 'member',
    summary:
      'The project branches of the account the caller sees (with a report), each with its DataTrails asset when linked and its last published SBOM (at most 500).',
    params: rkvstAccountParamsSchema,
    permission: { area: 'projects', action: 'read', accountParam: 'id' },
    status: 200,
    response: z.array(rkvstBranchSchema),
  },
  rkvstLink: {
    method: 'POST',
    path: `${branch}/link`,
    access: 'member',
    summary:
      'Link a project branch to a DataTrails asset: finds the asset made for it before (attributes sextant_project, sextant_branch) or creates one.',
    params: rkvstBranchParamsSchema,
    permission: { area: 'projects', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstBranchSchema,
  },
  rkvstUnlink: {
    method: 'POST',
    path: `${branch}/unlink`,
    access: 'member',
    summary: 'Forget the link of a branch to its asset (the asset and its events stay in DataTrails).',
    params: rkvstBranchParamsSchema,
    permission: { area: 'projects', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstBranchSchema,
  },
  rkvstPublish: {
    method: 'POST',
    path: `${branch}/publish`,
    access: 'member',
    summary:
      "Publish the branch's latest report: upload its CycloneDX JSON SBOM as a blob and record an event on the asset with the scores, the outcome and the SBOM's SHA-256, the blob attached. Answers the SBOM.",
    params: rkvstBranchParamsSchema,
    permission: { area: 'reports', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstSbomSchema,
  },
  rkvstHistory: {
    method: 'GET',
    path: `${branch}/history`,
    access: 'member',
    summary:
      'What was done for the branch with DataTrails (link, unlink, publish, withdraw), newest first, with each result.',
    params: rkvstBranchParamsSchema,
    permission: { area: 'reports', action: 'read', accountParam: 'id' },
    status: 200,
    response: z.array(rkvstHistoryEntrySchema),
  },
  rkvstSbomPublish: {
    method: 'POST',
    path: `${base}/sboms/:sbomId/publish`,
    access: 'member',
    summary:
      'Publish a withdrawn SBOM again: records a publication event on its asset (the blob is the one uploaded).',
    params: rkvstSbomParamsSchema,
    permission: { area: 'reports', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstSbomSchema,
  },
  rkvstSbomWithdraw: {
    method: 'POST',
    path: `${base}/sboms/:sbomId/withdraw`,
    access: 'member',
    summary:
      'Withdraw a published SBOM: records a withdrawal event on its asset naming the blob and its digest.',
    params: rkvstSbomParamsSchema,
    permission: { area: 'reports', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstSbomSchema,
  },
  rkvstCredentialsGet: {
    method: 'GET',
    path: `${base}/credentials`,
    access: 'member',
    summary:
      "The account's DataTrails address and application id; the secret is never answered (clientSecretSet only).",
    params: rkvstAccountParamsSchema,
    permission: { area: 'account', action: 'read', accountParam: 'id' },
    status: 200,
    response: rkvstCredentialsSchema,
  },
  rkvstCredentialsSet: {
    method: 'POST',
    path: `${base}/credentials`,
    access: 'member',
    summary:
      'Set the DataTrails application {baseUrl?, clientId, clientSecret?}; clientSecret is required the first time and kept when left out for the same address.',
    params: rkvstAccountParamsSchema,
    body: rkvstCredentialsBodySchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstCredentialsSchema,
  },
  rkvstCredentialsCheck: {
    method: 'POST',
    path: `${base}/credentials/check`,
    access: 'member',
    summary:
      'Ask DataTrails for a token with the credentials (OAuth2 client credentials); fields sent override the stored ones. 200 when it gives one, 400 with the reason otherwise.',
    params: rkvstAccountParamsSchema,
    body: rkvstCheckBodySchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: rkvstCheckSchema,
  },
} as const satisfies Record<string, RouteDef>
