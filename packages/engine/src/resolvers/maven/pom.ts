// Reads one pom.xml into a raw model (POM 4.0.0 reference; DESIGN §1 "Resolve"): coordinates,
// parent, properties, dependencies, dependencyManagement, modules, relocation and profiles (their
// activation and contents; ./profiles decides which are active), with the line of every declaration.
// Nothing is interpolated or inherited here.
import {
  mavenXmlChild as child,
  mavenXmlChildren as children,
  type MavenXmlElement,
  type MavenXmlValue,
  parseMavenXml,
  mavenXmlText as text,
  mavenXmlTexts as texts,
} from '../../datasources/maven-repository'

export interface RawExclusion {
  groupId: string
  artifactId: string
}

export interface RawDependency {
  groupId: string
  artifactId: string
  version?: string
  type?: string
  classifier?: string
  scope?: string
  optional?: string
  exclusions: RawExclusion[] | null
  line?: number
}

export interface RawParent {
  groupId: string
  artifactId: string
  version: string
  /** `undefined` = default `../pom.xml`; `''` = look in repositories only. */
  relativePath?: string
  line?: number
}

/** `distributionManagement/relocation`: where the artifact moved; absent parts keep the original's. */
export interface RawRelocation {
  groupId?: string
  artifactId?: string
  version?: string
}

/** `<activation>`: every condition given must hold (Maven 3.2.2+); none given = never by condition. */
export interface RawActivation {
  activeByDefault: boolean
  jdk?: string
  os?: { name?: string; family?: string; arch?: string; version?: string }
  property?: { name: string; value?: string }
  file?: { exists?: string; missing?: string }
}

export interface RawProfile {
  id: string
  activation: RawActivation
  properties: Record<string, string>
  dependencies: RawDependency[]
  managed: RawDependency[]
  modules: string[]
  line?: number
}

export interface RawPom {
  groupId?: string
  artifactId: string
  /** `<name>`, the project's display name (not inherited; may hold `${…}` properties). */
  name?: string
  version?: string
  packaging: string
  parent?: RawParent
  properties: Record<string, string>
  dependencies: RawDependency[]
  managed: RawDependency[]
  modules: string[]
  relocation?: RawRelocation
  profiles: RawProfile[]
}

export type PomParseResult =
  | { ok: true; pom: RawPom; notes: { line: number; message: string }[] }
  | { ok: false; line: number; message: string }

const ARRAYS = new Set(['dependency', 'exclusion', 'module', 'profile'])

function readDependency(el: MavenXmlElement, lineOf: (e: unknown) => number | undefined): RawDependency {
  const exclusionsEl = child(el, 'exclusions')
  const dep: RawDependency = {
    groupId: text(el, 'groupId') ?? '',
    artifactId: text(el, 'artifactId') ?? '',
    exclusions: exclusionsEl
      ? children(exclusionsEl, 'exclusion').map((x) => ({
          groupId: text(x, 'groupId') ?? '*',
          artifactId: text(x, 'artifactId') ?? '*',
        }))
      : null,
  }
  const line = lineOf(el)
  if (line !== undefined) dep.line = line
  for (const key of ['version', 'type', 'classifier', 'scope', 'optional'] as const) {
    const v = text(el, key)
    if (v !== undefined && v !== '') dep[key] = v
  }
  return dep
}

function readProperties(el: MavenXmlValue | undefined): Record<string, string> {
  const props: Record<string, string> = {}
  if (el === undefined || typeof el === 'string' || Array.isArray(el)) return props
  for (const [k, v] of Object.entries(el)) {
    if (typeof v === 'string') props[k] = v
    else if (Array.isArray(v) && typeof v[0] === 'string') props[k] = v[0]
  }
  return props
}

/** Parses pom.xml text; malformed XML is a value naming the line. */
export function parsePom(xml: string): PomParseResult {
  const parsed = parseMavenXml(xml, ARRAYS)
  if (!parsed.ok) return parsed
  const project = child(parsed.root, 'project')
  if (!project) return { ok: false, line: 1, message: 'not a POM: no <project> element' }
  const { lineOf } = parsed
  const deps = (scope: MavenXmlElement | undefined): RawDependency[] =>
    children(child(scope, 'dependencies'), 'dependency').map((d) => readDependency(d, lineOf))
  const pom: RawPom = {
    artifactId: text(project, 'artifactId') ?? '',
    packaging: text(project, 'packaging') || 'jar',
    properties: readProperties(project.properties),
    dependencies: deps(project),
    managed: deps(child(project, 'dependencyManagement')),
    modules: texts(child(project, 'modules'), 'module'),
    profiles: [],
  }
  const groupId = text(project, 'groupId')
  if (groupId) pom.groupId = groupId
  const name = text(project, 'name')
  if (name) pom.name = name
  const version = text(project, 'version')
  if (version) pom.version = version
  const relocationEl = child(child(project, 'distributionManagement'), 'relocation')
  if (relocationEl) {
    const relocation: RawRelocation = {}
    for (const key of ['groupId', 'artifactId', 'version'] as const) {
      const v = text(relocationEl, key)
      if (v) relocation[key] = v
    }
    pom.relocation = relocation
  }
  const parentEl = child(project, 'parent')
  if (parentEl) {
    const parent: RawParent = {
      groupId: text(parentEl, 'groupId') ?? '',
      artifactId: text(parentEl, 'artifactId') ?? '',
      version: text(parentEl, 'version') ?? '',
    }
    const rel = text(parentEl, 'relativePath')
    if (rel !== undefined) parent.relativePath = rel
    const line = lineOf(parentEl)
    if (line !== undefined) parent.line = line
    pom.parent = parent
  }
  for (const profile of children(child(project, 'profiles'), 'profile')) {
    const a = child(profile, 'activation')
    const activation: RawActivation = { activeByDefault: text(a, 'activeByDefault') === 'true' }
    const jdk = text(a, 'jdk')
    if (jdk) activation.jdk = jdk
    const os = child(a, 'os')
    if (os) {
      activation.os = {}
      for (const k of ['name', 'family', 'arch', 'version'] as const) {
        const v = text(os, k)
        if (v) activation.os[k] = v
      }
    }
    const property = child(a, 'property')
    const propertyName = text(property, 'name')
    if (propertyName) {
      activation.property = { name: propertyName }
      const value = text(property, 'value')
      if (value !== undefined) activation.property.value = value
    }
    const file = child(a, 'file')
    if (file) {
      activation.file = {}
      for (const k of ['exists', 'missing'] as const) {
        const v = text(file, k)
        if (v) activation.file[k] = v
      }
    }
    const raw: RawProfile = {
      id: text(profile, 'id') ?? 'default',
      activation,
      properties: readProperties(profile.properties),
      dependencies: deps(profile),
      managed: deps(child(profile, 'dependencyManagement')),
      modules: texts(child(profile, 'modules'), 'module'),
    }
    const line = lineOf(profile)
    if (line !== undefined) raw.line = line
    pom.profiles.push(raw)
  }
  return { ok: true, pom, notes: parsed.notes }
}
