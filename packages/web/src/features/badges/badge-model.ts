// Badge addresses and the snippets to paste in a README (report-page §2 Banners "suggestion to add
// badges", §3 Badges, §7 "GET /api/v2/badges/{projectId}/{domain}"; product-notes "Badges"): public
// projects need no key, private ones carry the project's badge key. Absolute URLs: they leave the site.
export const BADGE_DOMAINS = ['security', 'stability', 'licensing'] as const
export type BadgeDomain = (typeof BADGE_DOMAINS)[number]
export const BADGE_TIMEOUT_MS = 3_000
const DISMISSED_PREFIX = 'sextant.badges-dismissed.'

export interface BadgeTarget {
  origin: string
  projectId: string
  branch: string
  /** null for a public project. */
  key: string | null
}

export function badgeImageUrl(target: BadgeTarget, domain: BadgeDomain): string {
  const query = new URLSearchParams({ branch: target.branch })
  if (target.key) query.set('key', target.key)
  return `${target.origin}/api/v2/badges/${encodeURIComponent(target.projectId)}/${domain}?${query.toString()}`
}

export function badgeReportUrl(target: BadgeTarget): string {
  const query = new URLSearchParams({ pid: target.projectId, branch: target.branch })
  return `${target.origin}/projects/?${query.toString()}`
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function badgeSnippets(target: BadgeTarget, domain: BadgeDomain): { markdown: string; html: string } {
  const image = badgeImageUrl(target, domain)
  const report = badgeReportUrl(target)
  const alt = `${domain} score`
  return {
    markdown: `[![${alt}](${image})](${report})`,
    html: `<a href="${escapeHtml(report)}"><img src="${escapeHtml(image)}" alt="${alt}"></a>`,
  }
}

/** The badges page, with gh (the project's repository address) when it has one (§2 Banners). */
export function badgesPageHref(projectId: string, branch: string, repositoryUrl: string | null): string {
  const query = new URLSearchParams({ pid: projectId, branch })
  if (repositoryUrl) query.set('gh', repositoryUrl)
  return `/projects/badges?${query.toString()}`
}

export function badgesBannerDismissed(storage: Pick<Storage, 'getItem'>, projectId: string): boolean {
  return storage.getItem(`${DISMISSED_PREFIX}${projectId}`) === 'true'
}

export function dismissBadgesBanner(storage: Pick<Storage, 'setItem'>, projectId: string): void {
  storage.setItem(`${DISMISSED_PREFIX}${projectId}`, 'true')
}
