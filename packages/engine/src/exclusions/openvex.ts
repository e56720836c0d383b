// OpenVEX 0.2.0 (issue 19 "Exports auditors can use"): the analysed findings of a report as OpenVEX
// statements, one per vulnerability, component and analysis. CycloneDX states map onto OpenVEX statuses:
//   in_triage → under_investigation, exploitable → affected (action_statement from the responses and
//   detail), resolved → fixed, not_affected → not_affected, false_positive → not_affected with
//   justification component_not_present (the match was wrong: that component is not the vulnerable one).
// CycloneDX justifications map onto OpenVEX's five; a not_affected without one carries the detail as its
// impact_statement (OpenVEX wants exactly one of the two). Pure: id and time are arguments.
import type { ReportDocument } from '../report/document'
import { type AnalysisJustification, analysisOfReason, type FindingAnalysis } from './analysis'
import type { AppliedExclusion } from './model'
import { purlOfLibrary, type StoredFindingAnalysis } from './vex'

export const OPENVEX_CONTEXT = 'https://openvex.dev/ns/v0.2.0'

export type OpenVexStatus = 'not_affected' | 'affected' | 'fixed' | 'under_investigation'
export type OpenVexJustification =
  | 'component_not_present'
  | 'vulnerable_code_not_present'
  | 'vulnerable_code_not_in_execute_path'
  | 'vulnerable_code_cannot_be_controlled_by_adversary'
  | 'inline_mitigations_already_exist'

const JUSTIFICATION: Record<AnalysisJustification, OpenVexJustification> = {
  code_not_present: 'vulnerable_code_not_present',
  code_not_reachable: 'vulnerable_code_not_in_execute_path',
  requires_configuration: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_dependency: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_environment: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_by_compiler: 'inline_mitigations_already_exist',
  protected_at_runtime: 'inline_mitigations_already_exist',
  protected_at_perimeter: 'inline_mitigations_already_exist',
  protected_by_mitigating_control: 'inline_mitigations_already_exist',
}

/** OpenVEX justification → the CycloneDX one it most likely was (the import's direction). */
export const FROM_OPENVEX_JUSTIFICATION: Record<OpenVexJustification, AnalysisJustification | null> = {
  component_not_present: null,
  vulnerable_code_not_present: 'code_not_present',
  vulnerable_code_not_in_execute_path: 'code_not_reachable',
  vulnerable_code_cannot_be_controlled_by_adversary: 'requires_environment',
  inline_mitigations_already_exist: 'protected_by_mitigating_control',
}

export interface OpenVexStatement {
  vulnerability: { name: string; aliases?: string[] }
  products: { '@id': string; identifiers: { purl: string } }[]
  status: OpenVexStatus
  justification?: OpenVexJustification
  impact_statement?: string
  action_statement?: string
  status_notes?: string
}

export interface OpenVexDocument {
  '@context': string
  '@id': string
  author: string
  timestamp: string
  version: number
  tooling: string
  statements: OpenVexStatement[]
}

function statementOf(a: FindingAnalysis): Omit<OpenVexStatement, 'vulnerability' | 'products'> {
  const notes = a.detail ? { status_notes: a.detail } : {}
  switch (a.state) {
    case 'in_triage':
      return { status: 'under_investigation', ...notes }
    case 'resolved':
      return { status: 'fixed', ...notes }
    case 'exploitable':
      return {
        status: 'affected',
        action_statement:
          [a.responses.map((r) => r.replaceAll('_', ' ')).join(', '), a.detail].filter(Boolean).join(': ') ||
          'No action decided yet.',
      }
    case 'false_positive':
      return { status: 'not_affected', justification: 'component_not_present', ...notes }
    case 'not_affected':
      return a.justification
        ? { status: 'not_affected', justification: JUSTIFICATION[a.justification], ...notes }
        : {
            status: 'not_affected',
            impact_statement: a.detail || 'Not affected, as analysed by the project team.',
          }
  }
}

export interface OpenVexOptions {
  report: ReportDocument
  analyses?: ReadonlyMap<string, StoredFindingAnalysis>
  /** The document's IRI and time: arguments, the engine has no clock or randomness. */
  id: string
  timestamp: Date
  author: string
}

export function writeOpenVex(options: OpenVexOptions): OpenVexDocument {
  const statements = new Map<string, OpenVexStatement>()
  for (const assessment of options.report.security.assessments)
    for (const r of assessment.reports) {
      const { name, language } = r.dependency.library
      for (const advice of r.advices) {
        const first = (advice.exclusions ?? [])[0] as AppliedExclusion | undefined
        const fromExclusion =
          first && String(first.source).startsWith('security:')
            ? (first.analysis ??
              analysisOfReason(first.reason === 'ignored' ? 'unapplicable' : first.reason, first.description))
            : null
        const analysis =
          options.analyses?.get(`${language}/${name}@${r.dependency.version}#${advice.id}`)?.analysis ??
          fromExclusion
        if (!analysis) continue
        const id = advice.cve ?? advice.id
        const aliases = [...new Set([advice.id, ...(advice.aliases ?? [])])].filter((x) => x !== id)
        const body = statementOf(analysis)
        const group = `${id}\u0000${JSON.stringify(body)}`
        const purl = purlOfLibrary(language, name, r.dependency.version)
        const entry = statements.get(group) ?? {
          vulnerability: { name: id, ...(aliases.length > 0 ? { aliases } : {}) },
          products: [],
          ...body,
        }
        if (!entry.products.some((p) => p['@id'] === purl))
          entry.products.push({ '@id': purl, identifiers: { purl } })
        statements.set(group, entry)
      }
    }
  return {
    '@context': OPENVEX_CONTEXT,
    '@id': options.id,
    author: options.author,
    timestamp: options.timestamp.toISOString(),
    version: 1,
    tooling: 'Sextant',
    statements: [...statements.values()],
  }
}
