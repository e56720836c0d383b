// The answer of `sextant nextsafe` and of the MCP `nextsafe` tool (issue 15; product-notes "Safe
// versions"): per lane the latest version no known advisory affects, null where there is none.
import { type Ecosystem, ecosystemOfLanguage } from '@sextant/engine'

export interface SafeLanes {
  language: string
  name: string
  version: string
  latestPatch: string | null
  latestMinor: string | null
  latestMajor: string | null
}

/** A language key of the API ('nodejs', 'java', …; 'javascript' and 'npm' mean nodejs, 'maven' java). */
export function ecosystemTyped(language: string): Ecosystem | null {
  return ecosystemOfLanguage(language, { asTyped: true })
}

/** One line per lane for people. */
export function laneLines(l: SafeLanes): string[] {
  const none = 'none (no version of this lane is free of known advisories)'
  return [
    `Next safe versions of ${l.name} ${l.version} (${l.language}):`,
    `  latest patch: ${l.latestPatch ?? none}`,
    `  latest minor: ${l.latestMinor ?? none}`,
    `  latest major: ${l.latestMajor ?? none}`,
  ]
}
