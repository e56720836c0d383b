// A lane of the remediation plan as a patch (issue 19 "Downloadable as a patch to package.json / pom.xml
// where the change is mechanical"): npm upgrades set the spec of the package in each package.json that
// declares it in place (keeping a `^`/`~` the spec had, and the file's formatting), npm pins go into the
// root package.json's `overrides` (`resolutions` with yarn.lock, `pnpm.overrides` with pnpm-lock.yaml)
// when the file is written as JSON.stringify would write it (else it is named); Maven upgrades and pins are
// written into the POMs (pom-edit.ts). What is not a manifest change (a lockfile refresh) or cannot be
// written without reformatting the file is listed, with why, instead of being guessed.
import type { LanePlan } from './plan'
import { editPoms, type PomFile } from './pom-edit'
import { unifiedDiff } from './unified-diff'

export interface PlanPatch {
  /** The unified diff (git apply / patch -p1), '' when nothing can be written. */
  patch: string
  /** The files it changes. */
  files: string[]
  /** Changes of the plan left out of the patch, each with why. */
  skipped: { name: string; why: string }[]
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)
const depth = (path: string) => path.split('/').length

type Json = Record<string, unknown>

/** The file parsed, when writing it back with its own indentation gives the same text (else null). */
function rewritable(text: string): { json: Json; write(json: Json): string } | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  '
  const newline = text.endsWith('\n') ? '\n' : ''
  const write = (value: Json) => `${JSON.stringify(value, null, indent)}${newline}`
  return write(json as Json) === text ? { json: json as Json, write } : null
}

function specFor(old: string, to: string): string {
  const prefix = /^([~^]?)\d/.exec(old)?.[1]
  return prefix === undefined ? to : `${prefix}${to}`
}

/** The text with the spec of `name` in the `field` object set by `spec` (formatting kept); null when not declared there. */
function withSpec(text: string, field: string, name: string, spec: (old: string) => string): string | null {
  const open = new RegExp(`"${field}"\\s*:\\s*\\{`).exec(text)
  if (!open) return null
  const from = open.index + open[0].length
  const to = text.indexOf('}', from)
  if (to < 0) return null
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const entry = new RegExp(`("${escaped}"\\s*:\\s*")([^"]*)(")`).exec(text.slice(from, to))
  if (!entry) return null
  const at = from + entry.index + entry[1]!.length
  return text.slice(0, at) + spec(entry[2]!) + text.slice(at + entry[2]!.length)
}

function npmEdits(manifests: readonly PomFile[], lane: LanePlan, lockfiles: readonly string[]) {
  const skipped: PlanPatch['skipped'] = []
  const changed = new Map<string, string>()
  const text = (m: PomFile) => changed.get(m.path) ?? m.content
  for (const u of lane.upgrades.filter((x) => x.ecosystem === 'npm')) {
    let found = false
    for (const m of manifests)
      for (const field of DEPENDENCY_FIELDS) {
        const next = withSpec(text(m), field, u.name, (old) => specFor(old, u.to))
        if (next === null) continue
        found = true
        changed.set(m.path, next)
      }
    if (!found) skipped.push({ name: u.name, why: 'no package.json of the project declares it' })
  }
  const root = [...manifests].sort((a, b) => depth(a.path) - depth(b.path))[0]
  const yarn = lockfiles.some((l) => baseName(l) === 'yarn.lock')
  const pnpm = lockfiles.some((l) => baseName(l) === 'pnpm-lock.yaml')
  for (const p of lane.pins.filter((x) => x.ecosystem === 'npm')) {
    if (p.via === 'lockfile') {
      skipped.push({ name: p.name, why: `a lockfile refresh, not a manifest change: npm update ${p.name}` })
      continue
    }
    const file = root ? rewritable(text(root)) : null
    if (!root || !file) {
      skipped.push({
        name: p.name,
        why: root
          ? `${root.path} cannot be rewritten without reformatting it`
          : 'the project has no package.json',
      })
      continue
    }
    if (pnpm) file.json.pnpm ??= {}
    const holder = pnpm ? (file.json.pnpm as Json) : file.json
    const field = yarn ? 'resolutions' : 'overrides'
    holder[field] ??= {}
    ;(holder[field] as Json)[p.name] = p.to
    changed.set(root.path, file.write(file.json))
  }
  return { changed, skipped }
}

/**
 * The patch of one lane over the project's files (`package.json`, `pom.xml` and the lockfiles, by path).
 * Only changes of the plan are written; versions are the plan's.
 */
export function remediationPatch(lane: LanePlan, files: readonly PomFile[]): PlanPatch {
  const manifests = files.filter(
    (f) => baseName(f.path) === 'package.json' && !f.path.includes('node_modules/'),
  )
  const poms = files.filter((f) => baseName(f.path) === 'pom.xml')
  const npm = npmEdits(
    manifests,
    lane,
    files.map((f) => f.path),
  )
  const maven = editPoms(
    poms,
    lane.upgrades.filter((u) => u.ecosystem === 'maven').map((u) => ({ name: u.name, to: u.to })),
    lane.pins.filter((p) => p.ecosystem === 'maven').map((p) => ({ name: p.name, to: p.to })),
  )
  const skipped = [...npm.skipped, ...maven.skipped]
  for (const change of [...lane.upgrades, ...lane.pins])
    if (change.ecosystem !== 'npm' && change.ecosystem !== 'maven')
      skipped.push({ name: change.name, why: `${change.ecosystem} manifests are not rewritten` })
  const after = new Map([...npm.changed, ...maven.files.map((f) => [f.path, f.content] as const)])
  const changedFiles = files.filter((f) => after.has(f.path) && after.get(f.path) !== f.content)
  return {
    patch: changedFiles.map((f) => unifiedDiff(f.path, f.content, after.get(f.path)!)).join(''),
    files: changedFiles.map((f) => f.path),
    skipped,
  }
}
