// Ecosystems and the spec's language keys (report-page §1, product-notes "Languages").
// A purl type maps to one ecosystem; an ecosystem maps to the language key the report groups by.

export type Ecosystem = 'npm' | 'maven' | 'pypi' | 'golang' | 'composer' | 'nuget' | 'gem' | 'cargo' | 'other'

/** Language keys as the API and the report use them (`java`, `nodejs`, ...). */
export type Language = 'nodejs' | 'java' | 'python' | 'golang' | 'php' | 'dotnet' | 'ruby' | 'rust' | 'other'

const byPurlType: Record<string, Ecosystem> = {
  npm: 'npm',
  maven: 'maven',
  pypi: 'pypi',
  golang: 'golang',
  composer: 'composer',
  nuget: 'nuget',
  gem: 'gem',
  cargo: 'cargo',
}

const languageOf: Record<Ecosystem, Language> = {
  npm: 'nodejs',
  maven: 'java',
  pypi: 'python',
  golang: 'golang',
  composer: 'php',
  nuget: 'dotnet',
  gem: 'ruby',
  cargo: 'rust',
  other: 'other',
}

export function ecosystemOfPurlType(type: string): Ecosystem {
  return byPurlType[type.toLowerCase()] ?? 'other'
}

export function languageOfEcosystem(ecosystem: Ecosystem): Language {
  return languageOf[ecosystem]
}

/** The ecosystems a language key names: every one but 'other'. */
const LANGUAGE_ECOSYSTEMS = (Object.keys(languageOf) as Ecosystem[]).filter((e) => e !== 'other')

/**
 * The ecosystem a language key of the API names ('nodejs' → npm, 'java' → maven, ...); null for a language
 * we do not know. `asTyped` also takes what a person or a model types: an ecosystem's own name ('npm',
 * 'maven') and 'javascript' (the CLI's nextsafe and MCP tools; the server's lookups take the keys only).
 */
export function ecosystemOfLanguage(language: string, options: { asTyped?: boolean } = {}): Ecosystem | null {
  const key = language.toLowerCase()
  if (options.asTyped && key === 'javascript') return 'npm'
  return (
    LANGUAGE_ECOSYSTEMS.find((e) => languageOf[e] === key || (options.asTyped === true && e === key)) ?? null
  )
}
