// yarn.lock berry (yarn 2+, `__metadata`): entries keyed by `name@npm:range` with `resolution`, `version`
// and `dependencies`; workspaces are entries too. Read as @yarnpkg/parsers' parseSyml reads it (js-yaml,
// failsafe schema, later duplicate keys win) but through our bounded parser: no anchors or aliases (issue 13).
import type { ComponentSource } from '../../model'
import { asRecord, asString, asStringMap } from '../shared/json'
import { topLevelKeyLines } from '../shared/lines'
import { parseYaml } from '../shared/yaml'
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
  const parsed = parseYaml(text, file, { json: true })
  if (!parsed.ok) {
    const { error } = parsed
    const message = error.message.replace(/^invalid YAML: /, 'invalid yarn.lock: ')
    return { ok: false, error: { ...error, message } }
  }
  if (parsed.value !== null && parsed.value !== undefined && asRecord(parsed.value) === null) {
    return {
      ok: false,
      error: { file, line: 1, message: 'invalid yarn.lock: expected a mapping at the top' },
    }
  }
  const entries = asRecord(parsed.value) ?? {}
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
