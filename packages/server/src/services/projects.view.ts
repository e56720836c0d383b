// Which projects of one account a caller may see, as a value (spec accounts-and-api §6; the rule and who
// gets which view are in projects.access.ts). The same value filters project lists, counts, dashboards and
// insights in SQL (`viewFilter`), answers single projects (`inView`) and keys cached answers (`viewKey`),
// so a list can never show a project that its own page would answer 404 for.

export interface ProjectView {
  accountUuid: string
  /** null: every project of the account; else only those of these teams and those owned by no team. */
  teams: readonly string[] | null
  /** Only the account's public projects (callers from outside the account, anonymous visitors). */
  publicOnly: boolean
}

/** The project facts the rule reads. */
export interface ViewedProject {
  accountUuid: string
  teamUuid: string | null
  isPublic: boolean
}

export function inView(view: ProjectView, p: ViewedProject): boolean {
  if (p.accountUuid !== view.accountUuid) return false
  if (p.isPublic) return true
  if (view.publicOnly) return false
  return view.teams === null || p.teamUuid === null || view.teams.includes(p.teamUuid)
}

/**
 * `inView` as SQL over the projects table under `alias`, with its three parameters numbered from
 * `first` (pass `viewParams(view)` there).
 */
export function viewFilter(alias: string, first: number): string {
  const [account, teams, publicOnly] = [`$${first}`, `$${first + 1}`, `$${first + 2}`]
  return `(${alias}.account_uuid = ${account}::uuid AND (${alias}.is_public OR (NOT ${publicOnly}::boolean AND (
    ${teams}::uuid[] IS NULL OR ${alias}.team_uuid IS NULL OR ${alias}.team_uuid = ANY(${teams}::uuid[])))))`
}

export function viewParams(view: ProjectView): [string, readonly string[] | null, boolean] {
  return [view.accountUuid, view.teams, view.publicOnly]
}

/** A stable key for answers cached per view (two callers with the same view share them). */
export function viewKey(view: ProjectView): string {
  if (view.publicOnly) return `${view.accountUuid}:public`
  return view.teams === null
    ? view.accountUuid
    : `${view.accountUuid}:teams=${[...view.teams].sort().join(',')}`
}
