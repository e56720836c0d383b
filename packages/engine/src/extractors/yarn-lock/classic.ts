// yarn.lock v1 (yarn classic) through @yarnpkg/lockfile: `"a@^1", a@^2:` entries with version,
// resolved and dependencies. `npm:` aliases name the real package (issue 3).
import * as yarnLockfile from '@yarnpkg/lockfile'
import { integrityHashes } from '../../model'
import { asRecord, asString, asStringMap } from '../shared/json'
import { topLevelKeyLines } from '../shared/lines'
import { npmSourceOf, parseNpmAlias } from '../shared/npm-source'
import type { FileError } from '../types'
import { descriptorLines, splitDescriptor, type YarnLock, type YarnPackage } from './model'

type ParseV1 = (text: string) => unknown
// The package is a CommonJS bundle: Node's ESM loader exposes it as `default`, bundlers as named exports.
const lockfileModule = yarnLockfile as unknown as { parse?: ParseV1; default?: { parse?: ParseV1 } }
const parseYarnV1 = (lockfileModule.parse ?? lockfileModule.default?.parse)!

/** yarn v1 strings never span lines; an unclosed quote makes @yarnpkg/lockfile spin for seconds. */
function unclosedQuoteLine(text: string): number | null {
  let line = 0
  for (const raw of text.split('\n')) {
    line++
    if (raw.trimStart().startsWith('#')) continue
    const quotes = raw.replace(/\\./g, '').split('"').length - 1
    if (quotes % 2 === 1) return line
  }
  return null
}

/** 1-based line of the first merge-conflict marker (`<<<<<<<`); 1 when there is none. */
function conflictLine(text: string): number {
  const at = text.search(/^<<<<<<< /m)
  return at < 0 ? 1 : text.slice(0, at).split('\n').length
}

export function readClassic(
  text: string,
  file: string,
): { ok: true; lock: YarnLock } | { ok: false; error: FileError } {
  const unclosed = unclosedQuoteLine(text)
  if (unclosed !== null)
    return { ok: false, error: { file, line: unclosed, message: 'invalid yarn.lock: unclosed string' } }
  let parsed: { type: string; object: unknown }
  try {
    parsed = parseYarnV1(text) as { type: string; object: unknown }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    // @yarnpkg/lockfile ends its messages with `<line>:<col> in lockfile`.
    const line =
      /(\d+):\d+ in lockfile/.exec(message) ?? /:(\d+):\d+/.exec(message) ?? /line:? (\d+)/i.exec(message)
    return {
      ok: false,
      error: line
        ? { file, line: Number(line[1]), message: `invalid yarn.lock: ${message}` }
        : { file, message: `invalid yarn.lock: ${message}` },
    }
  }
  if (parsed.type === 'conflict')
    return {
      ok: false,
      error: { file, line: conflictLine(text), message: 'yarn.lock has unresolved merge conflicts' },
    }
  const entries = asRecord(parsed.object) ?? {}
  const lines = descriptorLines(topLevelKeyLines(text))
  const seen = new Map<unknown, YarnPackage>()
  const byDescriptor = new Map<string, YarnPackage>()
  for (const [descriptor, value] of Object.entries(entries)) {
    const rec = asRecord(value)
    const split = splitDescriptor(descriptor)
    const version = rec ? asString(rec.version) : null
    if (!rec || !split || !version) continue
    let pkg = seen.get(value)
    if (!pkg) {
      const alias = parseNpmAlias(split.range)
      const deps = { ...asStringMap(rec.optionalDependencies), ...asStringMap(rec.dependencies) }
      pkg = {
        name: alias?.name ?? split.name,
        version,
        source: npmSourceOf(asString(rec.resolved), split.range),
        workspace: null,
        dependencies: Object.entries(deps).map(([name, range]) => ({ name, range })),
        line: lines.get(descriptor),
        hashes: integrityHashes(asString(rec.integrity) ?? ''),
      }
      seen.set(value, pkg)
    }
    byDescriptor.set(descriptor, pkg)
  }
  return { ok: true, lock: { byDescriptor, packages: [...seen.values()], berry: false } }
}
