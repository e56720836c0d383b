// SdkError: what the client throws for non-2xx answers, invalid input and unreadable responses.
// Carries the server's JSON error shape { status, error, message } (DESIGN §5; accounts-and-api §8:
// "Non-200 answers throw the parsed JSON body") and the SDK's own messages from that section.
import { type ApiError, apiErrorSchema } from '@sextant/contract'

/** The SDK messages of spec accounts-and-api §8 that the client itself can raise. */
export const sdkMessages = {
  noAccount: 'No account has been specified',
  noProject: 'No project uuid has been specified',
  noAccountUuid: 'No account uuid has been specified',
  emailMissing: 'Email address invalid or missing',
  missingInformation: 'Required information not provided.',
  authTypeInvalid: 'Auth type is not valid',
  tokenMissing: 'Auth type is token but no token is specified',
  credentialsInvalid: 'Credentials not valid',
  noReason: 'Unable to obtain reason for failure',
} as const

/** status 0 marks a problem found before or without an HTTP answer (bad input, network, bad response). */
export class SdkError extends Error {
  readonly status: number
  readonly error: string
  readonly details: ApiError['details']
  /** True when the answer was the server's own JSON error body (not a proxy's page or a client check). */
  readonly fromServer: boolean

  constructor(body: ApiError, fromServer = false) {
    super(body.message)
    this.name = 'SdkError'
    this.status = body.status
    this.error = body.error
    this.details = body.details
    this.fromServer = fromServer
  }

  /** The JSON error shape, as the server sent it (or as the client made it). */
  toJSON(): ApiError {
    const body: ApiError = { status: this.status, error: this.error, message: this.message }
    return this.details ? { ...body, details: this.details } : body
  }
}

export function clientError(message: string, error = 'CLIENT ERROR'): SdkError {
  return new SdkError({ status: 0, error, message })
}

export function isSdkError(value: unknown): value is SdkError {
  return value instanceof SdkError
}

/** Turns a non-2xx answer into an SdkError, using the server's JSON body when it has our error shape. */
export function errorFromResponse(status: number, statusText: string, text: string): SdkError {
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  const parsed = apiErrorSchema.safeParse(json)
  if (parsed.success) return new SdkError(parsed.data, true)
  const error = statusText ? statusText.toUpperCase() : `HTTP ${status}`
  const message = text.trim() && text.length < 500 ? text.trim() : sdkMessages.noReason
  return new SdkError({ status, error, message })
}
