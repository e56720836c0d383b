// What the one outbound client last saw of each origin (issue 17 "Site network", GET /admin/server/site/
// network): the last answer and the last failure per scheme://host:port, kept in memory per process (a
// restart starts empty; each process of a multi-process deployment answers its own). An answer below 500
// counts as reached (the service answered; whether it accepted a key is each integration's own check); a
// failure (refused, unresolvable, unreachable, time-out, too large) or a 5xx is the last error. Raw
// tunnels (SMTP, git) count an opened connection as reached, under tcp://host:port (or the proxy
// transport's scheme). Origins only, never paths or queries (a Slack webhook's path is its secret);
// messages pass redactText.
import { redactText } from './redact'

export interface OriginOutcome {
  origin: string
  lastSuccessAt: Date | null
  lastStatus: number | null
  lastError: { message: string; at: Date } | null
  attempts: number
}

/** Origins kept at most: the oldest seen is forgotten past it (git hosts users name are unbounded). */
const MAX_ORIGINS = 500

/** scheme://host[:port] of an address (URL.origin is "null" for smtp: and other non-web schemes). */
export function originKey(address: string): string | null {
  try {
    const url = new URL(address)
    return url.host ? `${url.protocol}//${url.host}` : null
  } catch {
    return null
  }
}

export class OutcomeLog {
  readonly since = new Date()
  private readonly byOrigin = new Map<string, OriginOutcome>()

  constructor(private readonly now: () => Date = () => new Date()) {}

  private entry(origin: string): OriginOutcome {
    let entry = this.byOrigin.get(origin)
    if (entry) this.byOrigin.delete(origin)
    else entry = { origin, lastSuccessAt: null, lastStatus: null, lastError: null, attempts: 0 }
    // Re-inserted: the Map's order is least recently used first.
    this.byOrigin.set(origin, entry)
    if (this.byOrigin.size > MAX_ORIGINS) this.byOrigin.delete(this.byOrigin.keys().next().value!)
    return entry
  }

  /** An HTTP answer of `status` (null: a tunnel opened) from an origin (see originKey). */
  answered(origin: string, status: number | null): void {
    const entry = this.entry(origin)
    entry.attempts++
    entry.lastStatus = status
    if (status === null || status < 500) entry.lastSuccessAt = this.now()
    else entry.lastError = { message: `answered HTTP ${status}`, at: this.now() }
  }

  /** No usable answer from an origin: the failure's message (it never holds a credential; redacted again). */
  failed(origin: string, message: string): void {
    const entry = this.entry(origin)
    entry.attempts++
    entry.lastError = { message: redactText(message), at: this.now() }
  }

  /** What was seen of an address's origin; null when nothing was asked of it since the process started. */
  of(address: string): OriginOutcome | null {
    const key = originKey(address)
    const found = key ? this.byOrigin.get(key) : undefined
    return found ? { ...found, lastError: found.lastError && { ...found.lastError } } : null
  }
}
