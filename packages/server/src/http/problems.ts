// Where a service's expected problem becomes an HTTP error (STYLE rule 5; DESIGN §5): routes call
// `orThrow` on a Result; the error handler (errors.ts) sends it in the one JSON shape.
import type { Problem, ProblemKind, Result } from '../services/result'
import { HttpError } from './errors'

const statuses: Record<ProblemKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  unusable: 422,
  upstream: 502,
  unavailable: 503,
}

export function httpErrorOf(problem: Problem): HttpError {
  return new HttpError(statuses[problem.kind], problem.message, problem.details)
}

/** The value of a successful result; a problem is thrown as its HttpError. */
export function orThrow<T>(result: Result<T>): T {
  if (!result.ok) throw httpErrorOf(result.problem)
  return result.value
}
