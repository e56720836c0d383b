// The package.json fields extractors need beside a lockfile (yarn, npm v1, pnpm): name, version,
// declared dependencies by kind, and workspace globs. Lenient: missing or odd fields are empty.
import { asRecord, asString, asStringMap, parseJson } from './json'

export interface PackageJson {
  name: string | null
  version: string | null
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  optionalDependencies: Record<string, string>
  peerDependencies: Record<string, string>
  workspaces: string[]
}

export function readPackageJson(text: string | null, file: string): PackageJson | null {
  if (text === null) return null
  const parsed = parseJson(text, file)
  if (!parsed.ok) return null
  const rec = asRecord(parsed.value)
  if (!rec) return null
  return packageJsonFrom(rec)
}

export function packageJsonFrom(rec: Record<string, unknown>): PackageJson {
  const ws = rec.workspaces
  const wsList = Array.isArray(ws) ? ws : (asRecord(ws)?.packages ?? [])
  return {
    name: asString(rec.name),
    version: asString(rec.version),
    dependencies: asStringMap(rec.dependencies),
    devDependencies: asStringMap(rec.devDependencies),
    optionalDependencies: asStringMap(rec.optionalDependencies),
    peerDependencies: asStringMap(rec.peerDependencies),
    workspaces: Array.isArray(wsList) ? wsList.filter((w): w is string => typeof w === 'string') : [],
  }
}

/** Every declared dependency with whether it is a production one (dev only when only in devDependencies). */
export function declaredDependencies(pkg: PackageJson): Map<string, { range: string; dev: boolean }> {
  const out = new Map<string, { range: string; dev: boolean }>()
  for (const [n, r] of Object.entries(pkg.devDependencies)) out.set(n, { range: r, dev: true })
  for (const group of [pkg.peerDependencies, pkg.optionalDependencies, pkg.dependencies]) {
    for (const [n, r] of Object.entries(group)) out.set(n, { range: r, dev: false })
  }
  return out
}
