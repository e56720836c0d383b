// Maven profile activation (Maven "Introduction to build profiles", maven-model-builder's
// activators; DESIGN §1 "Resolve"). The build machine is not the server, so its facts are a
// documented environment: JDK 17 (the configured JDK, whatever the server runs), Linux on amd64
// (family unix), no -D properties, no environment variables. A profile is active when every
// condition of its <activation> holds (Maven 3.2.2+); activeByDefault profiles only when no other
// profile of the same POM is active. <file> conditions are decided from the project's own files when
// they are known (project POMs), and are never true for repository POMs (no project folder).
import { compareMavenVersions, mavenRangeContains, parseMavenRange } from '../../versioning/maven'
import { dependencyKey } from './model'
import type { RawActivation, RawDependency, RawPom, RawProfile } from './pom'

export interface ProfileEnvironment {
  /** `java.version` as profile activation sees it (prefix and range matches). */
  jdk: string
  os: { name: string; family: string; arch: string; version: string }
  /** System and user properties (`-Dname=value`); none by default. */
  properties: Readonly<Record<string, string>>
}

export const DEFAULT_PROFILE_ENVIRONMENT: ProfileEnvironment = {
  jdk: '17',
  os: { name: 'linux', family: 'unix', arch: 'amd64', version: '' },
  properties: {},
}

export interface ActivationContext {
  env: ProfileEnvironment
  /**
   * Whether a project file or folder exists, by root-relative path; `null` = unknown (the project's
   * file list was not given). Absent for repository POMs.
   */
  exists?: (path: string) => boolean | null
  /** Root-relative folder of the POM (its `${basedir}`). */
  basedir: string
  /** A problem deciding a condition (named with the profile's line). */
  note(line: number | undefined, message: string): void
}

function negatable(value: string, test: (v: string) => boolean): boolean {
  return value.startsWith('!') ? !test(value.slice(1)) : test(value)
}

function jdkMatches(spec: string, jdk: string): boolean {
  return negatable(spec.trim(), (v) => {
    if (!/^[[(]/.test(v)) return jdk.startsWith(v)
    const range = parseMavenRange(v)
    return range !== null && mavenRangeContains(range, jdk)
  })
}

/** Maven's Os.isFamily for the families a Linux or other build machine can be. */
function familyMatches(family: string, os: ProfileEnvironment['os']): boolean {
  const f = family.toLowerCase()
  if (f === os.family) return true
  if (f === 'unix') return os.family === 'unix' || os.family === 'mac'
  return false
}

function osMatches(spec: NonNullable<RawActivation['os']>, os: ProfileEnvironment['os']): boolean {
  const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  if (spec.name && !negatable(spec.name, (v) => eq(v, os.name))) return false
  if (spec.family && !negatable(spec.family, (v) => familyMatches(v, os))) return false
  if (spec.arch && !negatable(spec.arch, (v) => eq(v, os.arch))) return false
  if (spec.version && !negatable(spec.version, (v) => compareMavenVersions(v, os.version) === 0)) return false
  return true
}

function propertyMatches(
  spec: NonNullable<RawActivation['property']>,
  props: ProfileEnvironment['properties'],
): boolean {
  const reverseName = spec.name.startsWith('!')
  const name = reverseName ? spec.name.slice(1) : spec.name
  const actual = Object.hasOwn(props, name) ? props[name] : undefined
  if (spec.value === undefined || spec.value === '')
    return reverseName ? actual === undefined : actual !== undefined
  const reverseValue = spec.value.startsWith('!')
  const value = reverseValue ? spec.value.slice(1) : spec.value
  return reverseValue ? value !== actual : value === actual
}

function resolvePath(spec: string, basedir: string): string | null {
  const replaced = spec.replace(/\$\{(?:project\.)?basedir\}\/?/g, '')
  if (replaced.includes('${') || replaced.startsWith('/')) return null
  const parts = basedir === '' ? [] : basedir.split('/')
  for (const seg of replaced.split('/')) {
    if (seg === '..') parts.pop()
    else if (seg !== '.' && seg !== '') parts.push(seg)
  }
  return parts.join('/')
}

/** `true`/`false`, or `null` when the file condition cannot be decided (named by `note`). */
function fileMatches(profile: RawProfile, ctx: ActivationContext): boolean | null {
  const spec = profile.activation.file
  if (!spec) return true
  const check = (raw: string, wanted: boolean): boolean | null => {
    if (!ctx.exists) return false
    const path = resolvePath(raw, ctx.basedir)
    const found = path === null ? null : ctx.exists(path)
    if (found === null) {
      ctx.note(
        profile.line,
        `profile ${profile.id}: whether ${raw} exists is not known, so the profile is treated as inactive`,
      )
      return null
    }
    return found === wanted
  }
  if (spec.exists) {
    const r = check(spec.exists, true)
    if (r !== true) return r
  }
  if (spec.missing) {
    const r = check(spec.missing, false)
    if (r !== true) return r
  }
  return true
}

function activeByCondition(profile: RawProfile, ctx: ActivationContext): boolean {
  const a = profile.activation
  if (a.jdk === undefined && !a.os && !a.property && !a.file) return false
  if (a.jdk !== undefined && !jdkMatches(a.jdk, ctx.env.jdk)) return false
  if (a.os && !osMatches(a.os, ctx.env.os)) return false
  if (a.property && !propertyMatches(a.property, ctx.env.properties)) return false
  return fileMatches(profile, ctx) === true
}

/** The POM with its active profiles merged in (properties, dependencies, management, modules). */
export function withActiveProfiles(pom: RawPom, ctx: ActivationContext): RawPom {
  if (pom.profiles.length === 0) return pom
  let active = pom.profiles.filter((p) => activeByCondition(p, ctx))
  if (active.length === 0) active = pom.profiles.filter((p) => p.activation.activeByDefault)
  if (active.length === 0) return pom
  const merged: RawPom = {
    ...pom,
    properties: { ...pom.properties },
    dependencies: [...pom.dependencies],
    managed: [...pom.managed],
    modules: [...pom.modules],
  }
  // Profile injection: a profile's dependency replaces the one of the same key, in its place.
  const inject = (list: RawDependency[], deps: readonly RawDependency[]): void => {
    for (const d of deps) {
      const i = list.findIndex((x) => dependencyKey(x) === dependencyKey(d))
      if (i === -1) list.push(d)
      else list[i] = d
    }
  }
  for (const p of active) {
    Object.assign(merged.properties, p.properties)
    inject(merged.dependencies, p.dependencies)
    inject(merged.managed, p.managed)
    merged.modules.push(...p.modules)
  }
  return merged
}
