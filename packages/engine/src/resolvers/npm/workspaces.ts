// Workspace globs of a folder, read from its package.json `workspaces` and pnpm-workspace.yaml
// `packages` (npm/yarn/pnpm workspaces docs), so that the scanner can group members with their
// root's lockfile.
import { readPackageJson } from '../../extractors/shared/package-json'
import { parseYaml } from '../../extractors/shared/yaml'

function pnpmGlobs(text: string | null): string[] {
  if (text === null) return []
  // Through the lockfiles' bounded parser (no anchors or aliases); unreadable means no workspace globs.
  const parsed = parseYaml(text, 'pnpm-workspace.yaml', { json: true })
  const packages = parsed.ok ? (parsed.value as { packages?: unknown } | null)?.packages : undefined
  return Array.isArray(packages) ? packages.filter((p): p is string => typeof p === 'string') : []
}

export function workspaceGlobs(dir: string, readFile: (path: string) => string | null): string[] {
  const prefix = dir === '' ? '' : `${dir}/`
  const pkg = readPackageJson(readFile(`${prefix}package.json`), `${prefix}package.json`)
  return [...(pkg?.workspaces ?? []), ...pnpmGlobs(readFile(`${prefix}pnpm-workspace.yaml`))]
}
