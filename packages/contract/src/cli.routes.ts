// The scanner's own calls (spec accounts-and-api §7 "GET /api/v1/cli; POST and GET /api/v1/cli/update";
// issue 15): which `sextant` client version this server expects, the oldest it still accepts, and where
// to get it. Public: a client asks before it has shown any token.
import { z } from 'zod'
import type { RouteDef } from './routes'

export const cliInfoSchema = z.object({
  /** The client version released with this server. */
  version: z.string(),
  /** Older clients are refused by `sextant scan` (exit -4). */
  minimumVersion: z.string(),
  /** Where to get the client (SEXTANT_CLI_DOWNLOAD_URL); null when the operator set none. */
  downloadUrl: z.string().nullable(),
  /** How to run the client, in one line. */
  instructions: z.string(),
})
export type CliInfo = z.infer<typeof cliInfoSchema>

export const cliUpdateBodySchema = z.object({ version: z.string().trim().min(1).max(64) })
export const cliUpdateQuerySchema = z.object({ version: z.string().trim().min(1).max(64) })

export const cliUpdateSchema = cliInfoSchema.extend({
  /** The version the client said it is. */
  clientVersion: z.string(),
  /** A newer client is released with this server. */
  updateAvailable: z.boolean(),
  /** The client is older than minimumVersion (or not a version at all): it must be updated. */
  updateRequired: z.boolean(),
  message: z.string(),
})
export type CliUpdate = z.infer<typeof cliUpdateSchema>

export const cliRouteDefs = {
  cliInfo: {
    method: 'GET',
    path: '/api/v1/cli',
    access: 'public',
    summary: 'The sextant client version this server expects, the oldest it accepts, and where to get it.',
    status: 200,
    response: cliInfoSchema,
  },
  cliUpdateCheck: {
    method: 'POST',
    path: '/api/v1/cli/update',
    access: 'public',
    summary: 'Whether a client of {version} should or must update, and where to get the new one.',
    body: cliUpdateBodySchema,
    status: 200,
    response: cliUpdateSchema,
  },
  cliUpdateGet: {
    method: 'GET',
    path: '/api/v1/cli/update',
    access: 'public',
    summary: 'The same answer as POST /api/v1/cli/update, for ?version=.',
    query: cliUpdateQuerySchema,
    status: 200,
    response: cliUpdateSchema,
  },
} as const satisfies Record<string, RouteDef>
