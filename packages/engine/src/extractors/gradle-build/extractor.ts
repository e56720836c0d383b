// The registered gradle-build extractor: the format reader of ./extract behind the shared guard
// (size limit, never throwing; DESIGN §4 extractors), like every other registry member.
import { defineExtractor } from '../shared/define'
import { gradleBuildExtractor as reader } from './extract'

export const gradleBuildExtractor = defineExtractor({
  ...reader,
  ecosystem: 'maven',
  // Declared dependencies only: versions from BOMs and platforms need the Gradle resolver.
  kind: 'manifest',
})
