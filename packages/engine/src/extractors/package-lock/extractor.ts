// npm package-lock.json and npm-shrinkwrap.json, every lockfileVersion (DESIGN §4 extractors):
// v2/v3 read from `packages`, v1 and the versionless npm 2/3 shrinkwrap from the nested `dependencies`.
import type { Warning } from '../../model'
import { baseName, defineExtractor, dirName, joinPath } from '../shared/define'
import { asRecord, parseJson } from '../shared/json'
import { jsonKeyLines } from '../shared/lines'
import { readPackageJson } from '../shared/package-json'
import { extractDependenciesTree } from './dependencies-v1'
import { extractPackagesMap } from './packages-v2'

const KNOWN_VERSIONS = new Set([1, 2, 3])

export const packageLockExtractor = defineExtractor({
  id: 'package-lock',
  ecosystem: 'npm',
  kind: 'lockfile',
  matches: (path) => {
    const base = baseName(path)
    return (
      (base === 'package-lock.json' || base === 'npm-shrinkwrap.json') &&
      !path.split('/').includes('node_modules')
    )
  },
  // npm reads npm-shrinkwrap.json and ignores package-lock.json when both are present.
  ignoredBeside: (path, siblings) =>
    baseName(path) === 'package-lock.json' &&
    siblings.includes(joinPath(dirName(path), 'npm-shrinkwrap.json'))
      ? 'ignored: npm-shrinkwrap.json beside it takes precedence'
      : null,
  extract(file, ctx) {
    const parsed = parseJson(file.content, file.path)
    if (!parsed.ok) return { ok: false, error: parsed.error, warnings: [] }
    const doc = asRecord(parsed.value)
    if (!doc)
      return { ok: false, error: { file: file.path, line: 1, message: 'not a JSON object' }, warnings: [] }
    const warnings: Warning[] = []
    const version = doc.lockfileVersion
    const packages = asRecord(doc.packages)
    if (version !== undefined && !KNOWN_VERSIONS.has(version as number)) {
      if (!packages) {
        return {
          ok: false,
          error: {
            file: file.path,
            line: 1,
            message: `unsupported lockfileVersion ${JSON.stringify(version)}`,
          },
          warnings,
        }
      }
      warnings.push({
        file: file.path,
        line: 1,
        message: `unknown lockfileVersion ${JSON.stringify(version)}; read as version 3`,
      })
    }
    const keyLines = jsonKeyLines(file.content)
    if (packages) {
      return { ok: true, graph: extractPackagesMap(packages, file.path, keyLines, warnings), warnings }
    }
    if (typeof version === 'number' && version >= 2) {
      warnings.push({
        file: file.path,
        message: `lockfileVersion ${version} without "packages"; read the v1 "dependencies"`,
      })
    }
    const pkgPath = joinPath(dirName(file.path), 'package.json')
    const pkg = readPackageJson(ctx.readFile(pkgPath), pkgPath)
    return { ok: true, graph: extractDependenciesTree(doc, file.path, keyLines, pkg, warnings), warnings }
  },
})
