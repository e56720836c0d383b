// Registry of version schemes (DESIGN §4 versioning, STYLE rule 2): one line per scheme, keyed by
// the ecosystem it orders. An ecosystem without a line has no scheme: callers say "not assessed".
import type { Ecosystem } from '../model'
import { mavenScheme } from './maven'
import { npmScheme } from './npm'
import type { VersionScheme } from './types'

const schemes: Partial<Record<Ecosystem, VersionScheme>> = {
  npm: npmScheme,
  maven: mavenScheme,
}

/** The version scheme of an ecosystem, `null` when none is registered. */
export function getVersionScheme(ecosystem: Ecosystem): VersionScheme | null {
  return schemes[ecosystem] ?? null
}

/** Every registered scheme with its ecosystem (for the registry test and diagnostics). */
export function listVersionSchemes(): { ecosystem: Ecosystem; scheme: VersionScheme }[] {
  return Object.entries(schemes).flatMap(([ecosystem, scheme]) =>
    scheme ? [{ ecosystem: ecosystem as Ecosystem, scheme }] : [],
  )
}
