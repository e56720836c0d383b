// Where an npm package came from, from its `resolved` URL or version spec (issue 3: link / file /
// git / tarball sources are kept and marked as not from the registry).
import type { ComponentSource } from '../../model'

export function npmSourceOf(resolved: string | null, spec?: string | null): ComponentSource {
  const s = resolved ?? spec ?? ''
  if (s === '') return 'registry'
  if (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:)/.test(s) || /\.git(#|$)/.test(s)) return 'git'
  if (s.startsWith('file:')) return 'file'
  if (s.startsWith('link:')) return 'link'
  if (/^https?:/.test(s)) return /\/-\/[^/]+\.tgz([?#].*)?$/.test(s) ? 'registry' : 'tarball'
  return 'registry'
}

/** `npm:real-name@1.2.3` aliases → the real name and version; null when the spec is not an alias. */
export function parseNpmAlias(spec: string): { name: string; version: string } | null {
  if (!spec.startsWith('npm:')) return null
  const rest = spec.slice(4)
  const at = rest.lastIndexOf('@')
  if (at <= 0) return null
  return { name: rest.slice(0, at), version: rest.slice(at + 1) }
}
