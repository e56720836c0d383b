// The assistant with no language model configured (product-notes "The assistant": "with none configured
// it answers from the advisory data alone and says that it does so"; issue 14 "Spec elements"): answers
// written from the report's own fields — the advisory, its scores, the component and how it is brought
// in, the fixed versions and whether an exclusion reason fits — each opening with that notice.
import { assistantMessages, type Report } from '@sextant/contract'
import type { FoundAdvice } from './assistant.prompts'

/** Longest advisory text quoted (characters). */
const QUOTE_CHARS = 1500
/** Most vulnerable components a summary names. */
const SUMMARY_COMPONENTS = 5

const notice = `_${assistantMessages.advisoryDataOnly}_`

function quote(text: string): string {
  const trimmed = text.trim()
  if (!trimmed) return '> No description.'
  const cut = trimmed.length > QUOTE_CHARS ? `${trimmed.slice(0, QUOTE_CHARS)}…` : trimmed
  return cut
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
}

function severityLine(found: FoundAdvice): string {
  const { advice } = found
  const parts = [`**${advice.severity}**`]
  if (advice.cvss !== null) parts.push(`CVSS ${advice.cvss}`)
  if (advice.epss !== null)
    parts.push(
      `EPSS ${(Math.floor(advice.epss * 10_000) / 100).toFixed(2)}% (the chance of exploitation within 30 days)`,
    )
  if (advice.kevEntry)
    parts.push(
      advice.kevEntry.exploited
        ? 'in CISA’s Known Exploited Vulnerabilities catalogue: it is exploited in the wild'
        : 'listed in CISA’s Known Exploited Vulnerabilities catalogue',
    )
  return parts.join(' · ')
}

function fixLine(found: FoundAdvice): string {
  const { advice, component } = found
  if (advice.fixedInVersions.length === 0)
    return `No fixed version of ${component.name} is known: mitigate the vulnerability or replace the component.`
  return `Upgrade ${component.name} to ${advice.fixedInVersions.join(' or ')} or later${
    component.transitive ? ', or upgrade the direct dependency that brings it in to a release that does' : ''
  }.`
}

function exclusionLine(found: FoundAdvice): string {
  const { component } = found
  const dev =
    component.scope !== 'prod'
      ? ` It is a ${component.scope} dependency: if it never ships with your product, 'Unapplicable' fits, with that as the explanation.`
      : ''
  return `If your code never reaches the vulnerable part, 'Mitigate' or 'Unapplicable' with an explanation says so; if the advisory does not apply to this version at all, 'Report as incorrect'.${dev}`
}

/** The answer about one vulnerability of the report. */
export function advisoryDataAnswer(found: FoundAdvice): string {
  const { advice, component, introducedBy } = found
  const id = advice.cve ?? advice.id
  const title = advice.description.split('\n')[0]?.replace(/[#*`]/g, '').trim() || id
  const how = component.transitive
    ? `a transitive ${component.scope} dependency${introducedBy.length > 0 ? `, brought in by ${introducedBy.slice(0, 3).join(', ')}` : ''}`
    : `a direct ${component.scope} dependency`
  return [
    notice,
    '',
    `**${title}** (${id})`,
    '',
    `- **Where:** ${component.name} ${component.version} (${component.language}), ${how}.`,
    `- **Severity:** ${severityLine(found)}.`,
    advice.cwe ? `- **Weakness:** ${advice.cwe}.` : null,
    `- **Fix:** ${fixLine(found)}`,
    `- **Exclusion:** ${exclusionLine(found)}`,
    '',
    '**What the advisory says**',
    '',
    quote(advice.description),
  ]
    .filter((line) => line !== null)
    .join('\n')
}

/** The answer about the whole report. */
export function advisoryDataSummary(report: Report): string {
  const vulnerable = report.security.assessments
    .flatMap((a) => a.reports.filter((r) => r.advices.some((x) => (x.exclusions?.length ?? 0) === 0)))
    .map((r) => ({
      name: `${r.dependency.library.displayName || r.dependency.library.name} ${r.dependency.version}`,
      critical: r.advices.filter((a) => a.severity === 'CRITICAL').length,
      high: r.advices.filter((a) => a.severity === 'HIGH').length,
      fixed: r.advices.flatMap((a) => a.fixedInVersions),
    }))
    .sort((a, b) => b.critical - a.critical || b.high - a.high || a.name.localeCompare(b.name))
    .slice(0, SUMMARY_COMPONENTS)
  const score = (value: number | null, minimum: number) =>
    value === null ? 'not assessed' : `${value} (minimum ${minimum})`
  return [
    notice,
    '',
    `- **Security:** ${score(report.security.score, report.thresholds.security)}; **stability:** ${score(report.stability.score, report.thresholds.stability)}; **licensing:** ${score(report.licensing.score, report.thresholds.licensing)}; outcome ${report.outcome}.`,
    `- **Components:** ${report.summary.components} (${report.summary.direct} direct, ${report.summary.transitive} transitive).`,
    '',
    vulnerable.length > 0 ? '**Fix first**' : 'No component has an active vulnerability.',
    ...vulnerable.map(
      (v) =>
        `- ${v.name}: ${v.critical} critical, ${v.high} high${v.fixed.length > 0 ? `; fixed in ${[...new Set(v.fixed)].slice(0, 3).join(', ')}` : '; no fixed version known'}`,
    ),
  ].join('\n')
}

/** A follow-up question: nothing beyond the advisory data can be said without a model. */
export function advisoryDataFollowUp(): string {
  return `${notice}\n\nWithout one I cannot answer questions beyond the advisory data shown above. An administrator can connect an OpenAI-compatible endpoint with SEXTANT_ASSISTANT_URL.`
}

/** One answer as the stream of pieces the routes send. */
export async function* onePiece(text: string): AsyncGenerator<string> {
  yield text
}
