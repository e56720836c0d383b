// The spec's Library shape for a component (report-page §3: name, displayName, language, unityPlugin).
import { type Component, languageOfEcosystem } from '../model'
import type { Library } from './document'

export function libraryOf(c: Component): Library {
  return {
    name: c.name,
    displayName: c.name,
    language: languageOfEcosystem(c.ecosystem),
    unityPlugin: c.name.startsWith('UPN:'),
  }
}
