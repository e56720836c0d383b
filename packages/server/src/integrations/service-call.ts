// One request to an outside service an account configured (Datadog, DataTrails; issue 17), through the
// one outbound client (issue 18 item 3, DESIGN §7): public addresses only unless the operator set
// SEXTANT_ALLOW_PRIVATE_INTEGRATIONS, no redirects, a time-out and a size limit on every answer. What
// could not be used comes back as a Problem naming the service and the cause, never a credential; a
// status the service answered is for the caller to read (each service says a bad key differently).
import type { OutboundClient } from '../http-client'
import { fail, ok, type Result } from '../services/result'

/** How an integration reaches its service: set once per process from Config. */
export interface ServiceHttp {
  outbound: OutboundClient
  allowPrivate: boolean
  timeoutMs: number
}

export interface ServiceCall {
  /** The service's name in messages ('Datadog'). */
  service: string
  url: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  headers: Record<string, string>
  body?: string | Uint8Array
  /** Largest answer accepted (default 1 MiB). */
  maxBytes?: number
}

export interface ServiceAnswer {
  status: number
  headers: Record<string, string>
  text: string
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/** The answer (any status but 3xx), or 'upstream' when there is none to read. */
export async function callService(http: ServiceHttp, call: ServiceCall): Promise<Result<ServiceAnswer>> {
  const answer = await http.outbound.request({
    url: call.url,
    method: call.method,
    reach: http.allowPrivate ? 'any' : 'public',
    allowedBy: 'SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true',
    maxBytes: call.maxBytes ?? 1024 * 1024,
    timeoutMs: http.timeoutMs,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: call.body }),
  })
  const where = `${call.service} at ${originOf(call.url)}`
  if (!answer.ok) {
    const why = answer.kind === 'timeout' ? 'timed out' : answer.message
    return fail('upstream', `${where} did not answer ${call.method} ${pathOf(call.url)}: ${why}.`)
  }
  if (answer.status >= 300 && answer.status < 400)
    return fail(
      'upstream',
      `${where} redirected ${pathOf(call.url)} (HTTP ${answer.status}): check the address, it should be the service's own API address.`,
    )
  return ok({ status: answer.status, headers: answer.headers, text: answer.body.toString('utf8') })
}

/** JSON of an answer, or 'upstream' naming the service when it is not JSON. */
export function jsonOf(service: string, url: string, text: string): Result<unknown> {
  try {
    return ok(text ? JSON.parse(text) : null)
  } catch {
    return fail(
      'upstream',
      `${service} at ${originOf(url)} answered ${pathOf(url)} with something that is not JSON: check the address.`,
    )
  }
}
