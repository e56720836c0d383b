// Expected problems as values (STYLE rule 5; issue 18 item 5): a service answers a Result, never an
// HTTP error; only a route turns a Problem into the one JSON error shape (http/problems.ts `orThrow`).
// Throw only for bugs and infrastructure failures. The kinds name what went wrong, not a status code.
import type { ApiError } from '@sextant/contract'

export type ProblemKind =
  /** The request names something malformed or not allowed here (400). */
  | 'invalid'
  /** The caller must say who they are (or show a key) first (401). */
  | 'unauthenticated'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** The thing does not exist, or the caller may not see it (404). */
  | 'not-found'
  /** The thing's current state does not allow it (409). */
  | 'conflict'
  /** More than a limit allows (413). */
  | 'too-large'
  /** A content type or format the service does not read (415). */
  | 'unsupported'
  /** Well formed, but its content cannot be used (422). */
  | 'unusable'
  /** Another service answered badly (502). */
  | 'upstream'
  /** Not available now, e.g. offline or not configured (503). */
  | 'unavailable'

export interface Problem {
  kind: ProblemKind
  message: string
  details?: ApiError['details']
}

export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail(kind: ProblemKind, message: string, details?: ApiError['details']): Result<never> {
  return { ok: false, problem: { kind, message, ...(details ? { details } : {}) } }
}
