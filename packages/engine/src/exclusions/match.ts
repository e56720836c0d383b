// Exclusion matching (spec report-page §5 "Exclusion import matching", §4 mitigation kinds): advice by
// advice uuid, CVE by CVE (and version or '*'), library by name (with `*` wildcards), language and
// version (or '*'); stability and licensing by their own library collections. Trusted transitive
// components vouch for what they bring in: a component reachable from the root only through trusted
// components is covered too (another, untrusted path keeps it exposed).
import type { Component, DependencyGraph, Purl } from '../model'
import { languageOfEcosystem, ROOT } from '../model'
import { isExpired } from './analysis'
import {
  ANY_VERSION,
  type AppliedExclusion,
  appliedOf,
  EMPTY_VERSION,
  type Exclusion,
  type LibraryExclusion,
} from './model'

export interface ExclusionMatcher {
  /** Exclusions covering one advice of a component (advice, CVE, library and trusted-transitive kinds). */
  advice(component: Component, advice: { id: string; cve: string | null }): AppliedExclusion[]
  stability(component: Component): AppliedExclusion[]
  licensing(component: Component): AppliedExclusion[]
  /** Trusted transitive exclusions covering the component (itself trusted, or reachable only through trusted ones). */
  trusted(component: Component): AppliedExclusion[]
  /** Whether a trusted transitive exclusion names the component itself. */
  isTrusted(component: Component): boolean
}

export function versionMatches(pattern: string, version: string): boolean {
  if (pattern === ANY_VERSION) return true
  const v = version.trim() === '' ? EMPTY_VERSION : version
  return pattern === v
}

/** `acme*` style names: `*` stands for any run of characters; everything else is literal, case-sensitive. */
export function nameMatches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name
  const re = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`)
  return re.test(name)
}

function escapeRegExp(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
}

function libraryMatches(library: { name: string; language: string }, version: string, c: Component): boolean {
  return (
    library.language === languageOfEcosystem(c.ecosystem) &&
    nameMatches(library.name, c.name) &&
    versionMatches(version, c.version)
  )
}

/**
 * The exclusions in force at `now` and those whose expiry date has passed (issue 19): an expired one no
 * longer silences its findings; the report lists it so the page can say why they came back.
 */
export function splitByExpiry(
  exclusions: readonly Exclusion[],
  now: Date,
): { active: Exclusion[]; expired: Exclusion[] } {
  const active: Exclusion[] = []
  const expired: Exclusion[] = []
  for (const e of exclusions) (isExpired(e.expires, now) ? expired : active).push(e)
  return { active, expired }
}

/** Library exclusions indexed by language+name, wildcard ones kept aside. */
class LibraryIndex {
  private readonly exact = new Map<string, LibraryExclusion[]>()
  private readonly wild: { e: LibraryExclusion; re: RegExp }[] = []

  add(e: LibraryExclusion): void {
    if (e.library.name.includes('*')) {
      const re = new RegExp(`^${e.library.name.split('*').map(escapeRegExp).join('.*')}$`)
      this.wild.push({ e, re })
      return
    }
    const key = `${e.library.language}/${e.library.name}`
    const list = this.exact.get(key) ?? []
    list.push(e)
    this.exact.set(key, list)
  }

  find(c: Component): LibraryExclusion[] {
    const language = languageOfEcosystem(c.ecosystem)
    const out = (this.exact.get(`${language}/${c.name}`) ?? []).filter((e) =>
      versionMatches(e.version, c.version),
    )
    for (const { e, re } of this.wild)
      if (e.library.language === language && re.test(c.name) && versionMatches(e.version, c.version))
        out.push(e)
    return out
  }
}

export function buildExclusionMatcher(
  exclusions: readonly Exclusion[],
  graph?: DependencyGraph,
): ExclusionMatcher {
  const byAdvice = new Map<string, { e: Exclusion & { source: 'security:advices' }; a: AppliedExclusion }[]>()
  const byCve = new Map<string, { version: string; a: AppliedExclusion }[]>()
  const security = new LibraryIndex()
  const trustedIndex = new LibraryIndex()
  const stability = new LibraryIndex()
  const licensing = new LibraryIndex()
  const applied = new Map<Exclusion, AppliedExclusion>()
  const ap = (e: Exclusion) => applied.get(e) ?? applied.set(e, appliedOf(e)).get(e)!
  for (const e of exclusions) {
    if (e.source === 'security:advices') {
      const key = e.uuid.toLowerCase()
      byAdvice.set(key, [...(byAdvice.get(key) ?? []), { e, a: ap(e) }])
    } else if (e.source === 'security:cves') {
      const key = e.cve.toUpperCase()
      byCve.set(key, [...(byCve.get(key) ?? []), { version: e.version, a: ap(e) }])
    } else if (e.source === 'security:libraries') (e.transitive ? trustedIndex : security).add(e)
    else if (e.source === 'stability:libraries') stability.add(e)
    else licensing.add(e)
  }
  const trusted = trustedCoverage(graph, trustedIndex)
  return {
    advice(c, advice) {
      const out: AppliedExclusion[] = []
      for (const { e, a } of byAdvice.get(advice.id.toLowerCase()) ?? []) {
        // a finding-level exclusion names its component (issue 19); a plain one covers every component
        if (e.library && !libraryMatches(e.library, e.version ?? ANY_VERSION, c)) continue
        out.push(a)
      }
      if (advice.cve)
        for (const { version, a } of byCve.get(advice.cve.toUpperCase()) ?? [])
          if (versionMatches(version, c.version)) out.push(a)
      for (const e of security.find(c)) out.push(ap(e))
      for (const e of trusted(c)) out.push(ap(e))
      return out
    },
    stability: (c) => stability.find(c).map(ap),
    licensing: (c) => licensing.find(c).map(ap),
    trusted: (c) => trusted(c).map(ap),
    isTrusted: (c) => trustedIndex.find(c).length > 0,
  }
}

/**
 * Which trusted exclusions cover each component: its own, else those of the trusted components every
 * path from the root passes through. Without a graph only the component's own trust counts.
 */
function trustedCoverage(
  graph: DependencyGraph | undefined,
  index: LibraryIndex,
): (c: Component) => LibraryExclusion[] {
  if (!graph) return (c) => index.find(c)
  const own = new Map<Purl, LibraryExclusion[]>()
  for (const c of graph.components) {
    const found = index.find(c)
    if (found.length > 0) own.set(c.purl, found)
  }
  if (own.size === 0) return () => []
  const children = new Map<Purl | typeof ROOT, Purl[]>()
  for (const e of graph.edges) children.set(e.from, [...(children.get(e.from) ?? []), e.to])
  // reachable from the root without entering a trusted component: these stay exposed
  const exposed = new Set<Purl>()
  const queue: Purl[] = [...(children.get(ROOT) ?? [])]
  for (const c of graph.components) if (c.direct) queue.push(c.purl)
  while (queue.length > 0) {
    const p = queue.pop()!
    if (exposed.has(p) || own.has(p)) continue
    exposed.add(p)
    for (const next of children.get(p) ?? []) queue.push(next)
  }
  // covered components inherit the exclusions of the trusted components above them
  const inherited = new Map<Purl, Set<LibraryExclusion>>()
  for (const [purl, list] of own) {
    const stack = [...(children.get(purl) ?? [])]
    const seen = new Set<Purl>()
    while (stack.length > 0) {
      const p = stack.pop()!
      if (seen.has(p) || exposed.has(p)) continue
      seen.add(p)
      const set = inherited.get(p) ?? new Set()
      for (const e of list) set.add(e)
      inherited.set(p, set)
      for (const next of children.get(p) ?? []) stack.push(next)
    }
  }
  return (c) => own.get(c.purl) ?? [...(inherited.get(c.purl) ?? [])]
}
