// How a domain's score reads in text outputs (PDF, CSV, SBOM properties; issue 14 "Unknown is not 100"):
// the number only when the domain was assessed whole, "n/a" otherwise, with a line saying why.
import type { SectionAssessment } from './document'

interface Scored {
  score: number | null
  assessment: SectionAssessment
}

const formatNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

/** "62", or "n/a" for a domain not assessed or assessed only in part. */
export function scoreLabel(section: Scored): string {
  return section.score === null ? 'n/a' : formatNumber(section.score)
}

/**
 * Why a domain has no score, for people: "Not assessed: …" or "Partly assessed (210 of 286 components;
 * 62 over those): …" with the first gap's message; `null` for a domain assessed whole.
 */
export function assessmentLine(section: Scored): string | null {
  const a = section.assessment
  const first = a.gaps[0]?.message ?? ''
  if (a.state === 'none') return `Not assessed. ${first}`.trim()
  if (a.state === 'partial') {
    const over = a.partialScore === null ? '' : `; ${formatNumber(a.partialScore)} over those`
    const more =
      a.gaps.length > 1 ? ` (and ${a.gaps.length - 1} more gap${a.gaps.length > 2 ? 's' : ''})` : ''
    return `Partly assessed (${a.assessedComponents} of ${a.components} components${over}). ${first}${more}`.trim()
  }
  return null
}
