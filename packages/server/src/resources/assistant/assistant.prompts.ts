// What the assistant is told (accounts-and-api §7 "Assistant chat service"; report-page §2 "AI tab"):
// built only from named, non-secret fields of the report — scores, counts, component names and
// versions, advice ids, descriptions and fixed versions. Never the project URL, download key,
// exclusion authors, tokens or e-mail addresses.
import type { Advice, Report } from '@sextant/contract'
import type { ChatTurn } from './upstream'

export const SYSTEM_PROMPT =
  'You are the security assistant of Sextant, a software composition analysis service. You help ' +
  'developers understand vulnerabilities in the open-source libraries their project uses and decide ' +
  'what to do about them. Answer in Markdown, briefly and concretely: what the problem is, whether ' +
  'and how it can be exploited, and how to fix or mitigate it (prefer upgrading to a fixed version). ' +
  'Say so when you are not sure; do not invent versions or advisories.'

/** Longest advisory description passed on (characters); the rest is cut with a note. */
const DESCRIPTION_CHARS = 4000
/** Most vulnerable components listed in a summary prompt. */
const SUMMARY_COMPONENTS = 15

export interface FoundAdvice {
  advice: Advice
  component: { name: string; version: string; language: string; transitive: boolean; scope: string }
  /** The direct dependencies that bring the component in (empty for a direct one). */
  introducedBy: string[]
}

/** The first component report of the report carrying the advice, or null. */
export function findAdvice(report: Report, adviceId: string): FoundAdvice | null {
  for (const assessment of report.security.assessments) {
    for (const component of assessment.reports) {
      const advice = component.advices.find((a) => a.id === adviceId)
      if (advice)
        return {
          advice,
          component: {
            name: component.dependency.library.displayName || component.dependency.library.name,
            version: component.dependency.version,
            language: assessment.language,
            transitive: component.transitive,
            scope: component.scope,
          },
          introducedBy: component.introducedBy,
        }
    }
  }
  return null
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[description shortened]`
}

export function vulnerabilityPrompt({ advice, component }: FoundAdvice): string {
  const lines = [
    'Explain this vulnerability found in my project and how I should fix it.',
    '',
    `- Advisory: ${advice.id}`,
    advice.cve ? `- CVE: ${advice.cve}` : null,
    advice.aliases && advice.aliases.length > 0 ? `- Also known as: ${advice.aliases.join(', ')}` : null,
    advice.cwe ? `- CWE: ${advice.cwe}` : null,
    `- Severity: ${advice.severity}${advice.cvss !== null ? ` (CVSS ${advice.cvss})` : ''}`,
    advice.epss !== null ? `- EPSS: ${(advice.epss * 100).toFixed(2)}%` : null,
    advice.kevEntry
      ? `- Listed in the Known Exploited Vulnerabilities catalogue${advice.kevEntry.exploited ? ' (exploited)' : ''}`
      : null,
    `- Affected component: ${component.name} ${component.version} (${component.language}, ${component.transitive ? 'transitive' : 'direct'} dependency, scope ${component.scope})`,
    advice.affectedComponents.length > 0
      ? `- Affected packages: ${advice.affectedComponents.join(', ')}`
      : null,
    `- Fixed in: ${advice.fixedInVersions.length > 0 ? advice.fixedInVersions.join(', ') : 'no fixed version is known'}`,
    '',
    'Description:',
    cut(advice.description.trim() || 'No description.', DESCRIPTION_CHARS),
  ]
  return lines.filter((l) => l !== null).join('\n')
}

/**
 * "security 92/90, stability n/a (partly assessed)/80, ...": a domain not assessed whole has no score
 * (issue 14), and the model is told so instead of reading "null" or guessing 100.
 */
export function domainScores(report: Report): string {
  return (['security', 'stability', 'licensing'] as const)
    .map((d) => {
      const section = report[d]
      const state = section.assessment.state
      const score =
        section.score !== null
          ? String(section.score)
          : `n/a (${state === 'partial' ? 'partly assessed' : 'not assessed'})`
      return `${d} ${score}/${report.thresholds[d]}`
    })
    .join(', ')
}

export function summaryPrompt(report: Report): string {
  const s = report.security
  const counts = Object.entries(s.summary).map(
    ([language, c]) =>
      `- ${language}: ${c.components} components; critical ${c.critical}, high ${c.high}, medium ${c.medium}, low ${c.low}; ${c.exclusions} excluded`,
  )
  const vulnerable = s.assessments
    .flatMap((a) =>
      a.reports
        .filter((r) => r.advices.length > 0)
        .map((r) => ({ language: a.language, r, worst: worstRank(r.advices) })),
    )
    .sort((x, y) => x.worst - y.worst || y.r.advices.length - x.r.advices.length)
    .slice(0, SUMMARY_COMPONENTS)
    .map(
      ({ language, r }) =>
        `- ${r.dependency.library.displayName || r.dependency.library.name} ${r.dependency.version} (${language}${r.transitive ? ', transitive' : ''}): ${r.advices
          .map(
            (a) =>
              `${a.cve ?? a.id} ${a.severity}${a.fixedInVersions.length ? ` fixed in ${a.fixedInVersions.join('/')}` : ''}`,
          )
          .join('; ')}`,
    )
  return [
    'Summarise the state of my project from this Sextant report and tell me what to fix first.',
    '',
    `- Components: ${report.summary.components} (${report.summary.direct} direct, ${report.summary.transitive} transitive); languages: ${report.summary.languages.join(', ') || 'none'}`,
    `- Scores (0-100, higher is better) against thresholds: ${domainScores(report)}; outcome ${report.outcome}`,
    ...report.gaps.map((g) => `- Not assessed (${g.domains.join(', ')}): ${g.message}`),
    ...counts,
    '',
    vulnerable.length > 0
      ? 'Most severe vulnerable components:'
      : s.assessment.state === 'complete'
        ? 'No vulnerable components were found.'
        : 'No vulnerable components were found in what could be assessed: security was not assessed whole, so this is not a clean result.',
    ...vulnerable,
  ].join('\n')
}

const severityRank = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE']
function worstRank(advices: Advice[]): number {
  return Math.min(...advices.map((a) => severityRank.indexOf(a.severity)))
}

/** The turns sent upstream: the system prompt, then the stored conversation. */
export function chatTurns(turns: { role: 'user' | 'assistant'; content: string }[]): ChatTurn[] {
  return [{ role: 'system', content: SYSTEM_PROMPT }, ...turns]
}
