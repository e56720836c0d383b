// The registered gradle-lockfile extractor: the format reader of ./extract behind the shared guard
// (size limit, never throwing; DESIGN §4 extractors), like every other registry member.
import { defineExtractor } from '../shared/define'
import { gradleLockfileExtractor as reader } from './extract'

export const gradleLockfileExtractor = defineExtractor({ ...reader, ecosystem: 'maven', kind: 'lockfile' })
