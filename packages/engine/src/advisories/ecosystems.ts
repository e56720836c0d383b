// OSV ecosystem names ↔ our Ecosystem, and package-name normalisation per ecosystem (DESIGN §4
// advisories): npm names compare exactly (case included), Maven as `group:artifact`, PyPI per PEP 503.
import type { Ecosystem } from '../model'

const fromOsv: Record<string, Ecosystem> = {
  npm: 'npm',
  Maven: 'maven',
  PyPI: 'pypi',
  Go: 'golang',
  Packagist: 'composer',
  NuGet: 'nuget',
  RubyGems: 'gem',
  'crates.io': 'cargo',
}

const toOsv: Partial<Record<Ecosystem, string>> = Object.fromEntries(
  Object.entries(fromOsv).map(([osv, eco]) => [eco, osv]),
)

/** Our ecosystem for an OSV ecosystem name; `null` for ones we do not model ('GitHub Actions', 'SwiftURL', ...). */
export function ecosystemOfOsv(osvEcosystem: string): Ecosystem | null {
  // OSV allows a release suffix ('Debian:11'); only the part before ':' names the ecosystem.
  const base = osvEcosystem.split(':')[0] ?? osvEcosystem
  return fromOsv[base] ?? null
}

/** The OSV ecosystem name of ours, `null` for 'other'. */
export function osvEcosystemOf(ecosystem: Ecosystem): string | null {
  return toOsv[ecosystem] ?? null
}

/**
 * The form under which a package is indexed and looked up. npm, Maven, Go, RubyGems and crates
 * names are exact (a record naming `Axios` does not match `axios`); PyPI, NuGet and Packagist are
 * case-insensitive by their registries' rules.
 */
export function normalisePackageName(ecosystem: Ecosystem, name: string): string {
  const n = name.trim()
  switch (ecosystem) {
    case 'pypi':
      return n.toLowerCase().replace(/[-_.]+/g, '-')
    case 'nuget':
    case 'composer':
      return n.toLowerCase()
    case 'maven':
      // purl-derived names use ':'; some tools write 'group/artifact'.
      return n.replace('/', ':')
    default:
      return n
  }
}
