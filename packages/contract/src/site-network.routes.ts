// Route definition of the site network view (spec accounts-and-api §7 "GET /admin/server/site/network",
// issue 17): system administrators only (§6 "The sysadmin panel is for system administrators only").

import type { RouteDef } from './routes'
import { siteNetworkSchema } from './site-network'

export const siteNetworkRouteDefs = {
  siteNetwork: {
    method: 'GET',
    path: '/admin/server/site/network',
    access: 'member',
    summary:
      "The instance's outbound reachability: each configured outside service (advisory sources, registries, SMTP, Slack, Jira, Datadog, DataTrails, assistant) with its base address (no credentials), last success, last error, and the SSRF policy and proxy in force (sysadmin).",
    permission: { area: 'system', action: 'read' },
    status: 200,
    response: siteNetworkSchema,
  },
} as const satisfies Record<string, RouteDef>
