// The interface every registry datasource implements (DESIGN §4 datasources, STYLE rule 2 "one
// registry, one folder"): fetch one package, given what the cache holds. Caching, batching and
// offline mode are the facade's (source.ts), never a datasource's.
import type { Ecosystem } from '@sextant/engine'
import type { StoredDocument } from './document'

export type FetchOutcome =
  | { kind: 'document'; document: StoredDocument; etag: string | null }
  | { kind: 'not-modified'; etag: string | null }
  | { kind: 'not-found' }
  | { kind: 'failed'; status: number | null; message: string }

export interface FetchRequest {
  name: string
  /** Versions the analysis has (Maven reads licences per version). */
  versions: readonly string[]
  /** What the cache holds, fresh or expired (for conditional requests and merging). */
  cached: StoredDocument | null
  etag: string | null
}

export interface Datasource {
  ecosystem: Ecosystem
  /** The cache's `registry` column: the base URL(s) the answers come from. */
  registry: string
  fetch(request: FetchRequest): Promise<FetchOutcome>
  /** Whether a fresh cached document answers these versions too (default: always). */
  covers?(document: StoredDocument, versions: readonly string[]): boolean
}
