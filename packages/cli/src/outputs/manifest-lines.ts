// Where a dependency comes into a project (issue 15 SARIF: "located at the manifest line that brings the
// dependency in"): the line of a manifest that declares a direct dependency, found in the files the scan
// read. A transitive component is located at its direct introducer's line; without a manifest line, at
// the component's own lockfile or SBOM line. Hand-written: a line search per manifest format is all this is.
import type { SourceFile } from '@sextant/engine'

export interface LineLocation {
  file: string
  line: number
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** The line patterns that declare `name` in one manifest format; none for files that are not manifests. */
function patternsFor(file: string, name: string): RegExp[] {
  const base = baseOf(file)
  if (base === 'package.json') return [new RegExp(`^\\s*"${escapeRegExp(name)}"\\s*:`)]
  const [group, artifact] = name.includes(':') ? name.split(':') : [null, name]
  if (base === 'pom.xml')
    return [new RegExp(`<artifactId>\\s*${escapeRegExp(artifact ?? name)}\\s*</artifactId>`)]
  if (/\.gradle(\.kts)?$|\.versions\.toml$/.test(base) && group && artifact)
    return [
      new RegExp(`${escapeRegExp(group)}:${escapeRegExp(artifact)}(:|"|'|\\s|$)`),
      new RegExp(
        `group\\s*[:=]\\s*["']${escapeRegExp(group)}["'].*name\\s*[:=]\\s*["']${escapeRegExp(artifact)}["']`,
      ),
    ]
  return []
}

export class ManifestLines {
  private readonly lines = new Map<string, string[]>()
  private readonly manifests: string[]

  constructor(files: readonly SourceFile[]) {
    for (const f of files) this.lines.set(f.path, f.content.split(/\r?\n/))
    this.manifests = files
      .map((f) => f.path)
      .filter((p) => /^(package\.json|pom\.xml|.*\.gradle(\.kts)?|.*\.versions\.toml)$/.test(baseOf(p)))
  }

  /** The 1-based line of `file` declaring `name`, or null. */
  declaration(file: string, name: string): number | null {
    const text = this.lines.get(file)
    if (!text) return null
    const patterns = patternsFor(file, name)
    if (patterns.length === 0) return null
    const i = text.findIndex((l) => patterns.some((p) => p.test(l)))
    return i === -1 ? null : i + 1
  }

  /**
   * The manifest line bringing in a component: its own declaration when direct, else its first direct
   * introducer's (`name:version` references); manifests beside the component's lockfile are tried
   * first. Falls back to `own`.
   */
  locate(
    name: string,
    introducers: readonly string[],
    own: readonly { file: string; line?: number | undefined }[],
  ): LineLocation | null {
    const near = own.map((o) => dirOf(o.file))
    const ordered = [...this.manifests].sort(
      (a, b) => Number(!near.includes(dirOf(a))) - Number(!near.includes(dirOf(b))) || a.localeCompare(b),
    )
    const names = introducers.length > 0 ? introducers.flatMap(namesOfRef) : [name]
    for (const n of names) {
      for (const file of ordered) {
        const line = this.declaration(file, n)
        if (line !== null) return { file, line }
      }
    }
    const first = own.find((o) => o.line !== undefined)
    return first ? { file: first.file, line: first.line! } : null
  }

  /** The text of a line (for tests and messages). */
  text(file: string, line: number): string | null {
    return this.lines.get(file)?.[line - 1] ?? null
  }
}

/**
 * The names a `name:version` reference (hierarchy entry, introducer) may stand for: every prefix before a
 * ':' (`a:1.0` → a; `g:a:1.0` → g, g:a; `x:https://host/x.tgz` → x, x:https), longest first. Either side
 * may hold ':' (Maven names, URL versions), so the manifest decides which prefix it declares.
 */
export function namesOfRef(ref: string): string[] {
  const out: string[] = []
  for (let i = ref.indexOf(':', 1); i > 0; i = ref.indexOf(':', i + 1)) out.unshift(ref.slice(0, i))
  return out.length > 0 ? out : [ref]
}
