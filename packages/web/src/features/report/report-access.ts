// What the caller may see and do on this report (report-page §6): actions only in private mode
// (mode=eli, signed in), on a project that is not read-only and on the latest report; downloads per
// the §5/§6 rules; sysadmin-only panels. The server re-checks every call.
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
  const sbomAllowed = defaultAccount || (account?.features.includes('advancedsboms') ?? false)
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
    hasChaiFeature: signedIn && !defaultAccount && (account?.features.includes(ASSISTANT_FEATURE) ?? false),
    accountAdmin: signedIn && member !== null && (member.sysadmin || member.role === 'Administrator'),
    hasJiraFeature: signedIn && !defaultAccount && (account?.features.includes(JIRA_FEATURE) ?? false),
  }
}
