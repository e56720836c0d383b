// The languages of the library lookups (spec accounts-and-api §7 "Vulnerabilities and languages",
// GET /api/v1/dependency/...; issue 9 "Library lookups"): the report's language names ('nodejs', 'java',
// ...) mapped to our ecosystems; a not-found problem naming the language otherwise.
import { type Ecosystem, ecosystemOfLanguage } from '@sextant/engine'
import { fail, ok, type Result } from '../../services/result'

export function ecosystemFor(language: string): Result<Ecosystem> {
  const ecosystem = ecosystemOfLanguage(language)
  return ecosystem === null ? fail('not-found', `There is no language '${language}'.`) : ok(ecosystem)
}
