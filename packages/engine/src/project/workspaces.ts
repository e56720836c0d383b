// Workspace globs of a folder, read from its package.json `workspaces` and pnpm-workspace.yaml
// `packages` (npm/yarn/pnpm workspaces docs), so that extractProject can group members with their root.
import { readPackageJson } from '../extractors/shared/package-json'
import { parseYaml } from '../extractors/shared/yaml'

function pnpmGlobs(text: string | undefined): string[] {
  if (text === undefined) return []
  // Through the lockfiles' bounded parser (no anchors or aliases); unreadable means no workspace globs.
  const parsed = parseYaml(text, 'pnpm-workspace.yaml', { json: true })
  const packages = parsed.ok ? (parsed.value as { packages?: unknown } | null)?.packages : undefined
  return Array.isArray(packages) ? packages.filter((p): p is string => typeof p === 'string') : []
}

export function workspaceGlobs(files: ReadonlyMap<string, string>, dir: string): string[] {
  const prefix = dir === '' ? '' : `${dir}/`
  const pkg = readPackageJson(files.get(`${prefix}package.json`) ?? null, `${prefix}package.json`)
  return [...(pkg?.workspaces ?? []), ...pnpmGlobs(files.get(`${prefix}pnpm-workspace.yaml`))]
}
