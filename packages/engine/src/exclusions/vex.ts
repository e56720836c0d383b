// Exclusions as a CycloneDX VEX document (DESIGN §4 exports "VEX from exclusions"; spec report-page §3
// Exclusion; issue 19 "Exports auditors can use"): the options, purls and property names the writer and
// the VEX import share. The writer (vex-writer.ts) uses @cyclonedx/cyclonedx-library, loaded on the first
// VEX download instead of when the engine loads (about 215 ms; issue 18 acceptance 6).
import type { ReportDocument } from '../report/document'
import type { FindingAnalysis } from './analysis'
import type { Exclusion } from './model'

/** A purl for a report row: pkg:npm/%40scope/name@1.0.0, pkg:maven/group/artifact@1.0. */
export function purlOfLibrary(language: string, name: string, version: string): string {
  const v = encodeURIComponent(version)
  if (language === 'java' && name.includes(':')) {
    const [group, artifact] = name.split(':')
    return `pkg:maven/${encodeURIComponent(group!)}/${encodeURIComponent(artifact!)}@${v}`
  }
  if (language === 'nodejs') {
    const parts = name.split('/').map(encodeURIComponent)
    return `pkg:npm/${parts.join('/')}@${v}`
  }
  return `pkg:generic/${encodeURIComponent(name)}@${v}`
}

/** A stored analysis of one finding (server finding_analyses), with its expiry; keyed by findingKey. */
export interface StoredFindingAnalysis {
  analysis: FindingAnalysis
  expires: string | null
}

export interface VexOptions {
  /** The report the exclusions were applied to; without one only advice and CVE exclusions are listed. */
  report?: ReportDocument | null
  /**
   * Analyses of the report's findings by `language/name@version#advice` (issue 19): they win over the
   * exclusion's, and list findings that are analysed but not excluded (in_triage, exploitable) too.
   */
  analyses?: ReadonlyMap<string, StoredFindingAnalysis>
  /** Serial number (urn:uuid:…) and creation time: arguments, the engine has no clock or randomness. */
  serialNumber?: string
  timestamp?: Date
}

/** Property names Sextant adds to a VEX vulnerability, read back by the VEX import. */
export const VEX_EXPIRES_PROPERTY = 'sextant:expires'
export const VEX_ADVICE_PROPERTY = 'sextant:advice'

/** The CycloneDX 1.5 VEX JSON of `exclusions` (and of the analyses and report of `options`). */
export async function writeVex(exclusions: readonly Exclusion[], options: VexOptions = {}): Promise<string> {
  return (await import('./vex-writer')).writeVexDocument(exclusions, options)
}
