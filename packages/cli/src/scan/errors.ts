// The scanner's errors as exit codes (product-notes "CLI exit code"; engine CLI_EXIT_CODES): every
// expected problem becomes a ScanError with its negative code and a message to act on. An SdkError
// from the server is classified by its status: 401/403 → -1, 409 → -5, 400/413/415 → -3,
// our 404 (a project the token cannot see) → -1, no answer → -9, anything else → -7.
import { CLI_EXIT_CODES } from '@sextant/engine'
import { isSdkError } from '@sextant/sdk'

export type ErrorCode = (typeof CLI_EXIT_CODES)[
  | 'noAuthorisation'
  | 'badUsage'
  | 'unsupportedProject'
  | 'clientOutdated'
  | 'buildAlreadyRunning'
  | 'analysisFailed'
  | 'unexpectedAnswer'
  | 'timedOut'
  | 'serverUnreachable']

export class ScanError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ScanError'
  }
}

/** A short name of each error code, printed beside it. */
export const ERROR_NAMES: Record<ErrorCode, string> = {
  [CLI_EXIT_CODES.noAuthorisation]: 'no authorisation',
  [CLI_EXIT_CODES.badUsage]: 'bad usage',
  [CLI_EXIT_CODES.unsupportedProject]: 'unsupported project',
  [CLI_EXIT_CODES.clientOutdated]: 'client outdated',
  [CLI_EXIT_CODES.buildAlreadyRunning]: 'build already running',
  [CLI_EXIT_CODES.analysisFailed]: 'analysis failed',
  [CLI_EXIT_CODES.unexpectedAnswer]: 'unexpected server answer',
  [CLI_EXIT_CODES.timedOut]: 'timed out',
  [CLI_EXIT_CODES.serverUnreachable]: 'server unreachable',
}

/** Any failure of a server call as a ScanError (a ScanError passes through; a bug is rethrown). */
export function asScanError(error: unknown, server: string): ScanError {
  if (error instanceof ScanError) return error
  if (!isSdkError(error)) throw error
  const { status, message } = error
  if (status === 0 && error.error === 'NETWORK ERROR')
    return new ScanError(CLI_EXIT_CODES.serverUnreachable, message)
  if (status === 401)
    return new ScanError(
      CLI_EXIT_CODES.noAuthorisation,
      `The server at ${server} did not accept the token (${message}). Set SEXTANT_TOKEN to an API token of your account.`,
    )
  if (status === 403) return new ScanError(CLI_EXIT_CODES.noAuthorisation, message)
  if (status === 409) return new ScanError(CLI_EXIT_CODES.buildAlreadyRunning, message)
  if (status === 400 || status === 413 || status === 415)
    return new ScanError(CLI_EXIT_CODES.unsupportedProject, message)
  // Our 404 for a project is also what a caller who may not see it hears.
  if (status === 404 && error.fromServer) return new ScanError(CLI_EXIT_CODES.noAuthorisation, message)
  return new ScanError(CLI_EXIT_CODES.unexpectedAnswer, `${error.error}: ${message}`)
}
