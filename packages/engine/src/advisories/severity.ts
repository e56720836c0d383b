// Severity and CVSS of an advisory (DESIGN §4 advisories; spec report-page §3 Advice.cvss/severity):
// vectors v2 / v3.0 / v3.1 / v4.0 scored by ae-cvss-calculator; the database's own severity first.
// Quirks: a trailing '/' on a vector, empty score strings, lower-case 'moderate'.
import cvssCalculator from 'ae-cvss-calculator'
import type { Severity } from '../report/document'
import type { OsvRecord } from './osv/types'

export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0'

export interface CvssScore {
  version: CvssVersion
  /** The vector as scored (trailing '/' removed). */
  vector: string
  /** Base score, 0-10. */
  score: number
}

interface Scorable {
  isBaseFullyDefined(): boolean
  calculateScores(): { base?: number | undefined; overall: number }
}

const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } = cvssCalculator

function vectorOf(version: CvssVersion, vector: string): Scorable {
  switch (version) {
    case '2.0':
      return new Cvss2(vector)
    case '3.0':
      return new Cvss3P0(vector)
    case '3.1':
      return new Cvss3P1(vector)
    case '4.0':
      return new Cvss4P0(vector)
  }
}

function versionOf(vector: string): CvssVersion {
  if (vector.startsWith('CVSS:3.0/')) return '3.0'
  if (vector.startsWith('CVSS:3.1/')) return '3.1'
  if (vector.startsWith('CVSS:4.0/')) return '4.0'
  return '2.0'
}

/**
 * Vectors already scored: parsing a vector with ae-cvss-calculator costs about half a millisecond, and the
 * same few thousand vectors are scored again for every report (issue 16 acceptance 6: re-assessing 1,000
 * branches spent a quarter of the report building here). Bounded: emptied when full.
 */
const scoredVectors = new Map<string, Readonly<CvssScore> | null>()
const SCORED_MAX = 50_000

/** Scores one CVSS vector; `null` for an empty, unknown or incomplete vector. */
export function scoreCvss(raw: string): Readonly<CvssScore> | null {
  const hit = scoredVectors.get(raw)
  if (hit !== undefined) return hit
  const score = scoreVector(raw)
  if (scoredVectors.size >= SCORED_MAX) scoredVectors.clear()
  scoredVectors.set(raw, score === null ? null : Object.freeze(score))
  return score
}

function scoreVector(raw: string): CvssScore | null {
  const vector = raw.trim().replace(/\/+$/, '')
  if (vector === '') return null
  if (vector.startsWith('CVSS:') && !/^CVSS:(3\.0|3\.1|4\.0)\//.test(vector)) return null
  const version = versionOf(vector)
  try {
    const v = vectorOf(version, vector)
    if (!v.isBaseFullyDefined()) return null
    const s = v.calculateScores()
    const score = s.base ?? s.overall
    return Number.isFinite(score) ? { version, vector, score } : null
  } catch {
    return null
  }
}

// v3.x first: the score most tools and the score algorithm "by CVSS" are calibrated on; then v4, v2.
const PREFERENCE: readonly CvssVersion[] = ['3.1', '3.0', '4.0', '2.0']

/** Every scorable CVSS vector of a record. */
export function cvssScores(record: OsvRecord): CvssScore[] {
  return record.severity.flatMap((s) => {
    if (!s.type.startsWith('CVSS_')) return []
    const scored = scoreCvss(s.score)
    return scored === null ? [] : [scored]
  })
}

/** The record's CVSS: v3.1, else v3.0, else v4.0, else v2; `null` when it has none. */
export function preferredCvss(record: OsvRecord): CvssScore | null {
  const scores = cvssScores(record)
  for (const version of PREFERENCE) {
    const hit = scores.find((s) => s.version === version)
    if (hit) return hit
  }
  return null
}

/** Qualitative rating of a CVSS score (FIRST's bands; 0 is NONE). */
export function severityOfScore(score: number): Severity {
  if (score <= 0) return 'NONE'
  if (score < 4) return 'LOW'
  if (score < 7) return 'MEDIUM'
  if (score < 9) return 'HIGH'
  return 'CRITICAL'
}

/** A database's own severity word ('moderate', 'HIGH', ...); `null` when it is not one we know. */
export function normaliseDatabaseSeverity(raw: string | null): Severity | null {
  switch (raw?.trim().toUpperCase()) {
    case 'CRITICAL':
      return 'CRITICAL'
    case 'HIGH':
      return 'HIGH'
    case 'MODERATE':
    case 'MEDIUM':
      return 'MEDIUM'
    case 'LOW':
      return 'LOW'
    case 'NONE':
      return 'NONE'
    default:
      return null
  }
}

/**
 * The advisory's severity: the database's own rating (GitHub's, which npm audit shows too), else
 * the rating of its CVSS score, else NONE (unrated).
 */
export function severityOf(record: OsvRecord): Severity {
  const own = normaliseDatabaseSeverity(record.databaseSeverity)
  if (own !== null) return own
  const cvss = preferredCvss(record)
  return cvss === null ? 'NONE' : severityOfScore(cvss.score)
}
