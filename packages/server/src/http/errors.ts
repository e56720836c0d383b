// Errors leave the server only in one JSON shape, { status, error, message[, details] } (DESIGN §5).
// Expected problems are thrown as HttpError by handlers; everything else becomes a 500 with no internals.
import type { ApiError } from '@sextant/contract'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'

const reasons: Record<number, string> = {
  400: 'BAD REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD TOO LARGE',
  415: 'UNSUPPORTED MEDIA TYPE',
  422: 'UNPROCESSABLE ENTITY',
  429: 'TOO MANY REQUESTS',
  500: 'INTERNAL SERVER ERROR',
  502: 'BAD GATEWAY',
  503: 'SERVICE UNAVAILABLE',
  507: 'INSUFFICIENT STORAGE',
}

/** PostgreSQL's disk_full (53100): the database's disk has no space left (issue 13 item 3). */
const isDiskFull = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '53100'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: ApiError['details'],
  ) {
    super(message)
  }
}

export function errorBody(status: number, message: string, details?: ApiError['details']): ApiError {
  return { status, error: reasons[status] ?? 'ERROR', message, ...(details ? { details } : {}) }
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  details?: ApiError['details'],
) {
  return reply
    .status(status)
    .type('application/json')
    .send(errorBody(status, message, details))
}

function statusOf(error: FastifyError): number {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') return 413
  if (
    error.code === 'FST_FILES_LIMIT' ||
    error.code === 'FST_PARTS_LIMIT' ||
    error.code === 'FST_FIELDS_LIMIT'
  )
    return 413
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 415
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return error.statusCode
  return 500
}

export function installErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.status, error.message, error.details)
    const status = statusOf(error)
    if (status === 413) {
      const mb = Math.round(bodyLimitBytes / 1024 / 1024)
      return sendError(
        reply,
        413,
        `The request is too large: the limit is ${mb} MB per request and per file (SEXTANT_BODY_LIMIT_MB).`,
      )
    }
    if (status < 500) return sendError(reply, status, error.message)
    request.log.error({ err: error }, 'request failed')
    if (isDiskFull(error))
      return sendError(
        reply,
        507,
        "The server's storage is full: the database has no space left on its disk, so nothing was stored. Try again once an administrator has freed space (the health check says how much is free).",
      )
    return sendError(
      reply,
      500,
      'Something went wrong on the server. The error has been logged; please try again or contact your administrator.',
    )
  })
}
