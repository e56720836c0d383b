// The answer of `sextant nextsafe` and of the MCP `nextsafe` tool (issue 15; product-notes "Safe
// versions"): per lane the latest version no known advisory affects, null where there is none.
import type { Ecosystem } from '@sextant/engine'
import { languageOfEcosystem } from '@sextant/engine'

export interface SafeLanes {
  language: string
  name: string
  version: string
  latestPatch: string | null
  latestMinor: string | null
  latestMajor: string | null
}

const ECOSYSTEMS: readonly Ecosystem[] = [
  'npm',
  'maven',
  'pypi',
  'golang',
  'composer',
  'nuget',
  'gem',
  'cargo',
]

/** A language key of the API ('nodejs', 'java', …; 'javascript' and 'npm' mean nodejs, 'maven' java). */
export function ecosystemOfLanguage(language: string): Ecosystem | null {
  const key = language.toLowerCase()
  if (key === 'javascript') return 'npm'
  return ECOSYSTEMS.find((e) => e === key || languageOfEcosystem(e) === key) ?? null
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
