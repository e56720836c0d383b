// yarn.lock berry (yarn 2+, `__metadata`) through @yarnpkg/parsers' parseSyml: entries keyed by
// `name@npm:range` with `resolution`, `version` and `dependencies`; workspaces are entries too.
import { parseSyml } from '@yarnpkg/parsers'
import type { ComponentSource } from '../../model'
import { asRecord, asString, asStringMap } from '../shared/json'
import { topLevelKeyLines } from '../shared/lines'
import { yamlAliasProblem } from '../shared/yaml'
import type { FileError } from '../types'
import { descriptorLines, splitDescriptor, type YarnLock, type YarnPackage } from './model'

function sourceOf(protocolAndRest: string): ComponentSource {
  if (/^(npm|patch):/.test(protocolAndRest)) return 'registry'
  if (protocolAndRest.startsWith('workspace:')) return 'workspace'
  if (/^(git|github|ssh):|\.git(#|$)|#commit=/.test(protocolAndRest)) return 'git'
  if (protocolAndRest.startsWith('file:')) return 'file'
  if (/^(link|portal):/.test(protocolAndRest)) return 'link'
  if (/^https?:/.test(protocolAndRest)) return 'tarball'
  return 'unknown'
}

export function readBerry(
  text: string,
  file: string,
): { ok: true; lock: YarnLock } | { ok: false; error: FileError } {
  const aliases = yamlAliasProblem(text, file)
  if (aliases) return { ok: false, error: aliases }
  let parsed: unknown
  try {
    parsed = parseSyml(text)
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!
    const line = /\((\d+):\d+\)/.exec(message) ?? /line (\d+)/i.exec(message)
    return {
      ok: false,
      error: line
        ? { file, line: Number(line[1]), message: `invalid yarn.lock: ${message}` }
        : { file, message: `invalid yarn.lock: ${message}` },
    }
  }
  const entries = asRecord(parsed) ?? {}
  const lines = descriptorLines(topLevelKeyLines(text))
  const byDescriptor = new Map<string, YarnPackage>()
  const packages: YarnPackage[] = []
  for (const [key, value] of Object.entries(entries)) {
    if (key === '__metadata') continue
    const rec = asRecord(value)
    const resolution = rec ? asString(rec.resolution) : null
    const version = rec ? asString(rec.version) : null
    const split = resolution ? splitDescriptor(resolution) : null
    if (!rec || !split || !version) continue
    // `resolve@patch:resolve@npm%3A1.22.1#…` is the registry package `resolve`, patched.
    const source = sourceOf(split.range)
    const descriptors = key.split(/,\s*/).map((d) => d.trim())
    const deps = { ...asStringMap(rec.peerDependencies), ...asStringMap(rec.dependencies) }
    const pkg: YarnPackage = {
      name: split.name,
      version,
      source,
      workspace: source === 'workspace' ? split.range.slice('workspace:'.length) : null,
      dependencies: Object.entries(deps).map(([name, range]) => ({ name, range })),
      line: lines.get(descriptors[0]!),
    }
    packages.push(pkg)
    for (const d of descriptors) byDescriptor.set(d, pkg)
  }
  return { ok: true, lock: { byDescriptor, packages, berry: true } }
}
