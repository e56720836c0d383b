// VEX import (issue 19 "Exports auditors can use": VEX import): a CycloneDX VEX (JSON) or an OpenVEX
// document read into analysis statements (which vulnerability, optionally which component by purl, and
// the analysis with its expiry), then matched against a report's findings: by the advisory's id, CVE or
// aliases, and by the component's purl when the statement names components. Lenient with the document
// (a bad entry is a warning naming its path, the rest is kept), bounded (at most 20,000 statements).
import { PackageURL } from 'packageurl-js'
import { isObject } from '../model/json'
import type { ReportDocument } from '../report/document'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  type AnalysisJustification,
  type AnalysisResponse,
  type AnalysisState,
  type FindingAnalysis,
  isCalendarDate,
} from './analysis'
import { FROM_OPENVEX_JUSTIFICATION, type OpenVexJustification } from './openvex'
import { VEX_ADVICE_PROPERTY, VEX_EXPIRES_PROPERTY } from './vex'

export const MAX_VEX_STATEMENTS = 20_000

export interface VexStatement {
  /** Identifiers naming the vulnerability (id, aliases, Sextant's advice id). */
  ids: string[]
  /** Components the statement is about, as purls; empty = every component with the vulnerability. */
  purls: string[]
  analysis: FindingAnalysis
  expires: string | null
}

export interface VexReadResult {
  format: 'cyclonedx' | 'openvex' | null
  statements: VexStatement[]
  warnings: { path: string; message: string }[]
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | null =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : null

/** Reads a VEX document's text; which format it is comes from its content. */
export function readVex(source: string): VexReadResult {
  let json: unknown
  try {
    json = JSON.parse(source)
  } catch (error) {
    return {
      format: null,
      statements: [],
      warnings: [{ path: '$', message: `not JSON: ${(error as Error).message}` }],
    }
  }
  if (isObject(json) && typeof json['@context'] === 'string' && json['@context'].includes('openvex'))
    return readOpenVex(json)
  if (isObject(json) && json.bomFormat === 'CycloneDX') return readCycloneDxVex(json)
  return {
    format: null,
    statements: [],
    warnings: [
      { path: '$', message: 'neither a CycloneDX BOM (bomFormat) nor an OpenVEX document (@context)' },
    ],
  }
}

function readCycloneDxVex(doc: Record<string, unknown>): VexReadResult {
  const warnings: VexReadResult['warnings'] = []
  const statements: VexStatement[] = []
  const list = Array.isArray(doc.vulnerabilities) ? doc.vulnerabilities : []
  // affects name bom-refs: components' purls when the bom lists them, else the ref itself
  const purlOfRef = new Map<string, string>()
  for (const c of Array.isArray(doc.components) ? doc.components : [])
    if (isObject(c) && text(c['bom-ref']))
      purlOfRef.set(text(c['bom-ref'])!, text(c.purl) ?? text(c['bom-ref'])!)
  for (const [i, v] of list.slice(0, MAX_VEX_STATEMENTS).entries()) {
    const at = `vulnerabilities[${i}]`
    if (!isObject(v) || !text(v.id)) {
      warnings.push({ path: at, message: 'a vulnerability needs an id' })
      continue
    }
    const a = isObject(v.analysis) ? v.analysis : null
    const state = oneOf<AnalysisState>(ANALYSIS_STATES, a?.state)
    if (!state) {
      warnings.push({ path: `${at}.analysis.state`, message: 'no known analysis state' })
      continue
    }
    const justification =
      state === 'not_affected'
        ? oneOf<AnalysisJustification>(ANALYSIS_JUSTIFICATIONS, a?.justification)
        : null
    const responses = (Array.isArray(a?.response) ? a.response : [])
      .map((r) => oneOf<AnalysisResponse>(ANALYSIS_RESPONSES, r))
      .filter((r): r is AnalysisResponse => r !== null)
    const properties = Array.isArray(v.properties) ? v.properties.filter(isObject) : []
    const property = (name: string) => text(properties.find((p) => p.name === name)?.value)
    const expires = property(VEX_EXPIRES_PROPERTY)
    const ids = [text(v.id)!, ...(property(VEX_ADVICE_PROPERTY) ? [property(VEX_ADVICE_PROPERTY)!] : [])]
    const purls = (Array.isArray(v.affects) ? v.affects : [])
      .map((x) => (isObject(x) ? text(x.ref) : null))
      .filter((r): r is string => r !== null)
      .map((r) => purlOfRef.get(r) ?? r)
    statements.push({
      ids,
      purls,
      analysis: { state, justification, responses, detail: text(a?.detail) ?? '' },
      expires: expires && isCalendarDate(expires) ? expires : null,
    })
  }
  if (list.length > MAX_VEX_STATEMENTS)
    warnings.push({ path: 'vulnerabilities', message: `only the first ${MAX_VEX_STATEMENTS} were read` })
  return { format: 'cyclonedx', statements, warnings }
}

const OPENVEX_STATE: Record<string, AnalysisState> = {
  not_affected: 'not_affected',
  affected: 'exploitable',
  fixed: 'resolved',
  under_investigation: 'in_triage',
}

function readOpenVex(doc: Record<string, unknown>): VexReadResult {
  const warnings: VexReadResult['warnings'] = []
  const statements: VexStatement[] = []
  const list = Array.isArray(doc.statements) ? doc.statements : []
  for (const [i, s] of list.slice(0, MAX_VEX_STATEMENTS).entries()) {
    const at = `statements[${i}]`
    const vuln = isObject(s) && isObject(s.vulnerability) ? s.vulnerability : null
    const name = text(vuln?.name) ?? text(vuln?.['@id'])
    if (!isObject(s) || !name) {
      warnings.push({ path: at, message: 'a statement needs vulnerability.name' })
      continue
    }
    let state = OPENVEX_STATE[String(s.status)]
    if (!state) {
      warnings.push({ path: `${at}.status`, message: `unknown status '${String(s.status)}'` })
      continue
    }
    const j = typeof s.justification === 'string' ? (s.justification as OpenVexJustification) : null
    if (state === 'not_affected' && j === 'component_not_present') state = 'false_positive'
    const justification = state === 'not_affected' && j ? (FROM_OPENVEX_JUSTIFICATION[j] ?? null) : null
    const detail = text(s.status_notes) ?? text(s.impact_statement) ?? text(s.action_statement) ?? ''
    const aliases = Array.isArray(vuln?.aliases)
      ? vuln.aliases.map(text).filter((x): x is string => x !== null)
      : []
    const purls = (Array.isArray(s.products) ? s.products : [])
      .map((p) =>
        isObject(p) ? (text(isObject(p.identifiers) ? p.identifiers.purl : null) ?? text(p['@id'])) : null,
      )
      .filter((p): p is string => p !== null)
    statements.push({
      ids: [name, ...aliases],
      purls,
      analysis: { state, justification, responses: [], detail },
      expires: null,
    })
  }
  return { format: 'openvex', statements, warnings }
}

/** A purl compared by type, namespace, name and version (qualifiers and encoding differences ignored). */
function purlKey(purl: string): string | null {
  try {
    const p = PackageURL.fromString(purl)
    return `${p.type}/${p.namespace ?? ''}/${p.name}@${p.version ?? ''}`
  } catch {
    return null
  }
}

export interface VexMatch {
  name: string
  language: string
  version: string
  adviceId: string
  analysis: FindingAnalysis
  expires: string | null
}

/**
 * The report's findings each statement is about; later statements win for the same finding. Answers the
 * matches and how many statements matched nothing.
 */
export function matchVex(
  report: Pick<ReportDocument, 'security'>,
  statements: readonly VexStatement[],
  purlOf: (language: string, name: string, version: string) => string,
): { matches: VexMatch[]; unmatched: number } {
  const byFinding = new Map<string, VexMatch>()
  let unmatched = 0
  const rows = report.security.assessments.flatMap((a) => a.reports)
  for (const s of statements) {
    const ids = new Set(s.ids.map((x) => x.toUpperCase()))
    const purls = new Set(s.purls.map(purlKey).filter((p): p is string => p !== null))
    let hit = false
    for (const r of rows) {
      const { name, language } = r.dependency.library
      if (purls.size > 0 && !purls.has(purlKey(purlOf(language, name, r.dependency.version)) ?? '')) continue
      for (const advice of r.advices) {
        const names = [advice.id, advice.cve, ...(advice.aliases ?? [])].filter((x): x is string => !!x)
        if (!names.some((n) => ids.has(n.toUpperCase()))) continue
        hit = true
        const key = `${language}/${name}@${r.dependency.version}#${advice.id}`
        byFinding.set(key, {
          name,
          language,
          version: r.dependency.version,
          adviceId: advice.id,
          analysis: s.analysis,
          expires: s.expires,
        })
      }
    }
    if (!hit) unmatched++
  }
  return { matches: [...byFinding.values()], unmatched }
}
