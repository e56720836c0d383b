// The languages of the library lookups (spec accounts-and-api §7 "Vulnerabilities and languages",
// GET /api/v1/dependency/...; issue 9 "Library lookups"): the report's language names ('nodejs', 'java',
// ...) mapped to our ecosystems; a not-found problem naming the language otherwise.
import { type Ecosystem, languageOfEcosystem } from '@sextant/engine'
import { fail, ok, type Result } from '../../services/result'

const ECOSYSTEMS: readonly Ecosystem[] = [
  'npm',
  'maven',
  'pypi',
  'golang',
  'composer',
  'nuget',
  'gem',
  'cargo',
]

/** 'nodejs' → 'npm', 'java' → 'maven', ...; `null` for a language we do not know. */
export function ecosystemOfLanguage(language: string): Ecosystem | null {
  return ECOSYSTEMS.find((e) => languageOfEcosystem(e) === language.toLowerCase()) ?? null
}

export function ecosystemFor(language: string): Result<Ecosystem> {
  const ecosystem = ecosystemOfLanguage(language)
  return ecosystem === null ? fail('not-found', `There is no language '${language}'.`) : ok(ecosystem)
}
