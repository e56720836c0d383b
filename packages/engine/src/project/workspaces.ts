// Workspace globs of a folder, read from its package.json `workspaces` and pnpm-workspace.yaml
// `packages` (npm/yarn/pnpm workspaces docs), so that extractProject can group members with their root.
import { parseDocument } from 'yaml'
import { MAX_YAML_ALIASES } from '../extractors/shared/limits'
import { readPackageJson } from '../extractors/shared/package-json'

function pnpmGlobs(text: string | undefined): string[] {
  if (text === undefined) return []
  try {
    const doc = parseDocument(text, { uniqueKeys: false })
    const value: unknown = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES })
    const packages = (value as { packages?: unknown } | null)?.packages
    return Array.isArray(packages) ? packages.filter((p): p is string => typeof p === 'string') : []
  } catch {
    return []
  }
}

export function workspaceGlobs(files: ReadonlyMap<string, string>, dir: string): string[] {
  const prefix = dir === '' ? '' : `${dir}/`
  const pkg = readPackageJson(files.get(`${prefix}package.json`) ?? null, `${prefix}package.json`)
  return [...(pkg?.workspaces ?? []), ...pnpmGlobs(files.get(`${prefix}pnpm-workspace.yaml`))]
}
