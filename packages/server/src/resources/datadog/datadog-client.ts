// Requests to Datadog's API (accounts-and-api §7 "Metrics integration", issue 17): the key check
// (GET /api/v1/validate) and gauge submission (POST /api/v2/series), both with the DD-API-KEY header,
// through integrations/service-call (the outbound client and its SSRF rule). Datadog's answers are read
// here: 403 is a bad key, other 4xx name Datadog's reasons, anything unusable is 'upstream'.
import { z } from 'zod'
import { callService, jsonOf, type ServiceHttp } from '../../integrations/service-call'
import { fail, ok, type Problem, type Result } from '../../services/result'
import type { Series } from './metrics'

export interface DatadogTarget {
  /** The API address, e.g. https://api.datadoghq.eu (no trailing slash). */
  baseUrl: string
  apiKey: string
}

/** Series per request: Datadog takes at most 5 MB uncompressed per payload; ours stay far below it. */
export const SERIES_PER_REQUEST = 500

const errorsSchema = z.object({ errors: z.array(z.string()).optional() })

function reasons(text: string): string {
  try {
    const parsed = errorsSchema.safeParse(JSON.parse(text))
    return parsed.success ? (parsed.data.errors ?? []).join('; ').slice(0, 300) : ''
  } catch {
    return ''
  }
}

function refusal(status: number, text: string, what: string): Result<never> {
  if (status === 401 || status === 403)
    return fail('invalid', `Datadog refused the API key (HTTP ${status}): check apiKey and site.`)
  if (status >= 400 && status < 500) {
    const why = reasons(text)
    return fail('invalid', `Datadog answered HTTP ${status} to ${what}${why ? `: ${why}` : '.'}`)
  }
  return fail('upstream', `Datadog answered HTTP ${status} to ${what}.`)
}

const headers = (target: DatadogTarget) => ({ 'dd-api-key': target.apiKey, accept: 'application/json' })

/** GET /api/v1/validate: ok when Datadog says the key is valid. */
export async function datadogValidate(http: ServiceHttp, target: DatadogTarget): Promise<Result<true>> {
  const url = `${target.baseUrl}/api/v1/validate`
  const answer = await callService(http, { service: 'Datadog', url, method: 'GET', headers: headers(target) })
  if (!answer.ok) return answer
  if (answer.value.status !== 200) return refusal(answer.value.status, answer.value.text, 'the key check')
  const json = jsonOf('Datadog', url, answer.value.text)
  if (!json.ok) return json
  const valid = z.object({ valid: z.boolean() }).safeParse(json.value)
  if (!valid.success || !valid.data.valid)
    return fail('invalid', 'Datadog says the API key is not valid: check apiKey and site.')
  return ok(true)
}

export interface Submitted {
  /** Series Datadog accepted (202). */
  accepted: number
  /** Datadog's status of the last request made; null when it could not be reached. */
  status: number | null
  /** Why the rest was not accepted; null when every series was. */
  problem: Problem | null
}

/**
 * POST /api/v2/series in requests of SERIES_PER_REQUEST series; stops at the first refusal (the rest would
 * be refused alike) and says how many were accepted before it.
 */
export async function datadogSubmit(
  http: ServiceHttp,
  target: DatadogTarget,
  series: Series[],
): Promise<Submitted> {
  const url = `${target.baseUrl}/api/v2/series`
  let accepted = 0
  let status: number | null = null
  for (let i = 0; i < series.length; i += SERIES_PER_REQUEST) {
    const chunk = series.slice(i, i + SERIES_PER_REQUEST)
    const answer = await callService(http, {
      service: 'Datadog',
      url,
      method: 'POST',
      headers: { ...headers(target), 'content-type': 'application/json' },
      body: JSON.stringify({ series: chunk }),
    })
    if (!answer.ok) return { accepted, status: null, problem: answer.problem }
    status = answer.value.status
    if (status !== 202 && status !== 200) {
      const refused = refusal(status, answer.value.text, 'the series submission')
      return { accepted, status, problem: refused.ok ? null : refused.problem }
    }
    accepted += chunk.length
  }
  return { accepted, status, problem: null }
}
