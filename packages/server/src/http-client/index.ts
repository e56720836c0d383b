// The one way server code reaches the network (issue 18 item 3, issue 13 item 16; docs/security.md
// "Outbound requests"). tests/architecture/outbound.test.ts fails when anything else opens a connection.
//
//   const client = createOutboundClient(config.outbound)            // one per process (runtime.ts)
//   const answer = await client.request({ url, reach: 'public', allowedBy: 'SEXTANT_ALLOW_…',
//                                         maxBytes: 1 << 20, timeoutMs: 15_000 })
//   if (!answer.ok) return problem(describeFailure(answer, url))   // refused / timeout / too-large…
//   if (answer.status !== 200) …                                     // statuses are answers, not failures
//
// - request() reads the whole body (within maxBytes, decompressed); open() answers a stream the caller
//   must read or destroy; tunnel() answers a raw socket (git). Problems are values: OutboundFailure.
// - reach 'public' refuses loopback, private, link-local, CGNAT, unique-local and IPv4-in-IPv6 forms of
//   them, checked on the address the socket dials (no DNS-rebinding window); 'any' is for destinations the
//   operator configured or allowed. Redirects are not followed unless asked, and each hop is checked.
// - HTTP_PROXY / HTTPS_PROXY / NO_PROXY and NODE_EXTRA_CA_CERTS come from Config; credentials configured
//   for a host (npm token, Maven server, user:password@ in a registry URL) are attached by the client and
//   only for URLs under their prefix. Messages never hold a credential: print URLs through redactUrl.
// - New integrations (Slack, webhooks, Datadog…) take an OutboundClient argument and choose their reach.
import { OutboundClient, type OutboundFailure, type OutboundOptions } from './client'
import { redactUrl } from './redact'
import type { OutboundSettings } from './settings'

export { isNonPublicAddress, REFUSED_RANGES } from './address'
export {
  type FailureKind,
  failureOf,
  type HttpMethod,
  OutboundClient,
  type OutboundFailure,
  type OutboundOptions,
  type OutboundRequest,
  type OutboundResponse,
  type OutboundStream,
  retryAfterMs,
  TooLargeError,
} from './client'
export type { TunnelRequest } from './connector'
export { type DownloadOptions, type DownloadResult, downloadToFile } from './download'
export { type LocalProxy, type LocalProxyOptions, startLocalProxy } from './local-proxy'
export {
  checkPublicHost,
  type HostCheck,
  type Reach,
  type Resolve,
  type ResolvedAddress,
  systemResolve,
} from './lookup'
export { type OriginOutcome, OutcomeLog, originKey } from './outcomes'
export type { ProxySettings } from './proxy'
export { shellQuote, writeProxyCommand } from './proxy-command'
export { redactText, redactUrl } from './redact'
export { DEFAULT_OUTBOUND, type OutboundSettings, readOutboundSettings } from './settings'

/** The client of one process, from Config's outbound settings; tests may pass a resolver and limits. */
export function createOutboundClient(
  settings: OutboundSettings,
  options: Omit<OutboundOptions, 'settings'> = {},
): OutboundClient {
  return new OutboundClient({ ...options, settings })
}

/** "<url>: <cause>" with the URL shown without credentials. */
export function describeFailure(failure: OutboundFailure, url: string): string {
  const attempts = failure.attempts > 1 ? ` (after ${failure.attempts} attempts)` : ''
  return `${redactUrl(url)}: ${failure.message}${attempts}`
}
