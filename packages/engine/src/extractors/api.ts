// The explicit extractor registry (STYLE rule 2, DESIGN §4): folder name = id = key here.
// Order matters only when two extractors match one path: the first that reads the file wins.
import { cyclonedxJsonExtractor } from './cyclonedx-json/extractor'
import { cyclonedxXmlExtractor } from './cyclonedx-xml/extractor'
import { gradleBuildExtractor } from './gradle-build'
import { gradleLockfileExtractor } from './gradle-lockfile'
import { packageLockExtractor } from './package-lock/extractor'
import { pnpmLockExtractor } from './pnpm-lock/extractor'
import { spdxJsonExtractor } from './spdx-json/extractor'
import type { Extractor } from './types'
import { yarnLockExtractor } from './yarn-lock/extractor'

export const extractors: readonly Extractor[] = [
  packageLockExtractor,
  yarnLockExtractor,
  pnpmLockExtractor,
  cyclonedxJsonExtractor,
  cyclonedxXmlExtractor,
  spdxJsonExtractor,
  gradleLockfileExtractor,
  gradleBuildExtractor,
]

/** Every registered extractor whose `matches` accepts the path, in registry order. */
export function extractorsFor(path: string): Extractor[] {
  return extractors.filter((e) => e.matches(path))
}

export function extractorById(id: string): Extractor | null {
  return extractors.find((e) => e.id === id) ?? null
}
