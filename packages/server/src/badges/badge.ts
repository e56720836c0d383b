// The badge picture (spec report-page §7 badges; product-notes "Badges"): an SVG made by badge-maker,
// label = domain, value = the score; green when it meets the project's minimum, red when not, grey
// "n/a" without a report or for a domain not assessed whole (issue 14). badge-maker escapes label and message, so no text reaches the SVG raw.
import { makeBadge } from 'badge-maker'

export type BadgeDomain = 'security' | 'stability' | 'licensing'

export interface BadgeInput {
  label: string
  /** null = no report, or the domain not assessed (or only partly): grey "n/a", never a score. */
  score: number | null
  threshold: number
}

export const formatBadgeScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

export const badgeColours = { pass: '#3fa34d', fail: '#d9453d', none: '#9f9f9f' } as const

export function scoreBadgeSvg(input: BadgeInput): string {
  if (input.score === null) return makeBadge({ label: input.label, message: 'n/a', color: badgeColours.none })
  return makeBadge({
    label: input.label,
    message: formatBadgeScore(input.score),
    color: input.score >= input.threshold ? badgeColours.pass : badgeColours.fail,
  })
}

/** The answer for an unknown or hidden project: a grey badge, served with status 404. */
export function notFoundBadgeSvg(label: string): string {
  return makeBadge({ label, message: 'not found', color: badgeColours.none })
}
