// Package URLs (purl spec) as a branded string, built and parsed through packageurl-js.
// Components are identified by their purl everywhere in the engine.
import { PackageURL } from 'packageurl-js'

export type Purl = string & { readonly __brand: 'Purl' }

/** Builds a purl; for Maven `name` is `group:artifact`, for npm a scoped name keeps its `@scope/`. */
export function makePurl(
  type: string,
  name: string,
  version: string | null,
  qualifiers?: Record<string, string>,
): Purl {
  let namespace: string | undefined
  let base = name
  if (type === 'maven') {
    const i = name.indexOf(':')
    if (i > 0) {
      namespace = name.slice(0, i)
      base = name.slice(i + 1)
    }
  } else if (name.includes('/')) {
    const i = name.lastIndexOf('/')
    namespace = name.slice(0, i)
    base = name.slice(i + 1)
  }
  return new PackageURL(type, namespace, base, version ?? undefined, qualifiers, undefined).toString() as Purl
}

export interface ParsedPurl {
  type: string
  /** Ecosystem-native name: `@scope/name` for npm, `group:artifact` for Maven, `namespace/name` otherwise. */
  name: string
  version: string | null
  qualifiers: Record<string, string>
}

/** Parses a purl; `null` when the text is not a valid purl (an expected problem, not an exception). */
export function parsePurl(text: string): ParsedPurl | null {
  try {
    const p = PackageURL.fromString(text)
    const sep = p.type === 'maven' ? ':' : '/'
    const name = p.namespace ? `${p.namespace}${sep}${p.name}` : p.name
    const qualifiers: Record<string, string> = {}
    for (const [k, v] of Object.entries(p.qualifiers ?? {})) if (typeof v === 'string') qualifiers[k] = v
    return { type: p.type, name, version: p.version ?? null, qualifiers }
  } catch {
    return null
  }
}
