// Storage per account for system administrators (issue 20 "Storage that does not grow without bound":
// "show storage per account to sysadmins"): what each account holds, in bytes measured cheaply from
// stored sizes (pg_column_size of report documents and graphs, recorded sizes of upload contents and
// exports). The advisory store and registry cache are shared by every account: shown once, as `shared`.
import { z } from 'zod'
import type { RouteDef } from './routes'

export const accountStorageSchema = z.object({
  accountUuid: z.string(),
  accountName: z.string(),
  projects: z.number().int(),
  reports: z.number().int(),
  /** Report documents as stored (compressed by PostgreSQL where it does). */
  reportBytes: z.number(),
  /** Analysis graphs as stored. */
  graphBytes: z.number(),
  /** Upload file contents still kept, each distinct content counted once per account. */
  uploadFileBytes: z.number(),
  exportBytes: z.number(),
  totalBytes: z.number(),
})
export type AccountStorage = z.infer<typeof accountStorageSchema>

export const storageOverviewSchema = z.object({
  accounts: z.array(accountStorageSchema),
  /** Held for every account alike. */
  shared: z.object({ advisoryBytes: z.number(), registryCacheBytes: z.number() }),
})
export type StorageOverview = z.infer<typeof storageOverviewSchema>

export const storageRouteDefs = {
  adminStorage: {
    method: 'GET',
    path: '/api/v1/admin/storage',
    access: 'member',
    summary:
      'Bytes stored per account (reports, graphs, kept upload files, exports), largest first, and the shared advisory store and registry cache (system administrators).',
    permission: { area: 'system', action: 'read' },
    status: 200,
    response: storageOverviewSchema,
  },
} as const satisfies Record<string, RouteDef>
