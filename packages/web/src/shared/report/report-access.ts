// What the caller may see and do on this report (report-page §6): actions only in private mode
// (mode=eli, signed in), on a project that is not read-only (the caller's role may change it) and on the
// latest report; downloads per the §5/§6 rules; each feature-bound element by its account flag (§6:
// licenses, nextsafe, sbom, advancedsboms, securecodewarrior, pdf, chai, jira; the default account gets
// SBOM view and download and no other feature); sysadmin-only panels. The server re-checks every call.
import { type Account, ASSISTANT_FEATURE, JIRA_FEATURE, type Project, type Role } from '@sextant/contract'

export const UNAUTHORISED_TOOLTIP = 'This action is available only to authorized roles'

export interface ReportAccess {
  latest: boolean
  privateMode: boolean
  /** Mitigate, Unapplicable, Report as incorrect, Remove, Actions, Recompute. */
  canAct: boolean
  canDownload: boolean
  canDownloadPdf: boolean
  /** Licences bible and SBOM items. */
  canDownloadSbom: boolean
  sysadmin: boolean
  opensource: boolean
  /** §3 title flag hasChaiFeature: the account has the AI assistant feature (never the default account). */
  hasChaiFeature: boolean
  /** Account admin (§6 flags: sysadmin, or membership role Administrator): Edit license, Edit copyright. */
  accountAdmin: boolean
  /** §6 jira feature: the account has the issue-tracker integration (never the default account). */
  hasJiraFeature: boolean
  /** §6 licenses feature: Edit license / Edit copyright (with canAct). */
  hasLicensesFeature: boolean
  /** §6 nextsafe feature: the safe-versions box of a vulnerable component. */
  hasNextsafeFeature: boolean
  /** §6 SBOM view (default account, sbom feature or opensource plan): the dependency tree. */
  canViewSbom: boolean
  /** §6 securecodewarrior feature: the 'Learn more' tab (with a CWE). */
  hasSecureCodingFeature: boolean
}

interface AccessInput {
  account: Account | null
  signedIn: boolean
  project: Project
  mode: string | null
  latest: boolean
  reportError: boolean
  /** The signed-in member's role and sysadmin flag; null when anonymous. */
  member?: { role: Role; sysadmin: boolean } | null
}

export function reportAccess({
  account,
  signedIn,
  project,
  mode,
  latest,
  reportError,
  member = null,
}: AccessInput): ReportAccess {
  const privateMode = mode === 'eli' && signedIn
  const opensource = account?.plan === 'opensource'
  const defaultAccount = account?.default ?? true
  // features count for members only: an anonymous caller is on the default account (§6)
  const feature = (name: string) => signedIn && !defaultAccount && (account?.features.includes(name) ?? false)
  const sbomAllowed = defaultAccount || feature('advancedsboms')
  const canDownload = !reportError && latest && (project.isPublic || !opensource)
  return {
    latest,
    privateMode,
    canAct: privateMode && !project.readonly && latest,
    canDownload,
    canDownloadPdf: account?.bundle.limits.usePDFReports ?? false,
    canDownloadSbom: canDownload && !project.isPublic && sbomAllowed && !opensource,
    sysadmin: account?.sysadmin ?? false,
    opensource,
    hasChaiFeature: feature(ASSISTANT_FEATURE),
    accountAdmin: signedIn && member !== null && (member.sysadmin || member.role === 'Administrator'),
    hasJiraFeature: feature(JIRA_FEATURE),
    hasLicensesFeature: feature('licenses'),
    hasNextsafeFeature: feature('nextsafe'),
    canViewSbom: defaultAccount || feature('sbom') || opensource,
    hasSecureCodingFeature: feature('securecodewarrior'),
  }
}
