// Uploads that start an analysis (spec accounts-and-api §7 "POST /api/v1/uploads/{uuid|new}/sbom-cdx.json";
// ours: `/manifests`). Files are extracted at once so bad input answers 400 naming file and problem and
// nothing is stored; good input is stored with its graph and an `analyse` job queued in the same transaction.
import type { UploadQuery, UploadResponse } from '@sextant/contract'
import {
  buildsToResolve,
  extractProject,
  METERIAN_FILE,
  projectNameOf,
  type SourceFile,
} from '@sextant/engine'
import type { Db } from '../db/connection'
import { inTransaction, jobsIn } from '../db/transaction'
import type { Principal } from '../http/auth'
import { ANALYSE_QUEUE } from '../jobs/analyse.job'
import type { PgBoss } from '../jobs/boss'
import { insertAnalysis } from './analyses.repo'
import { insertAnalysisFiles } from './analysis-files.repo'
import { canCreateProject, canRead, canUpload, newUploadKey, ownerTeamOf } from './projects.access'
import {
  ensureBranch,
  findProject,
  insertProject,
  type ProjectRecord,
  sameProjectCandidates,
} from './projects.repo'
import { fail, ok, type Result } from './result'
import { newUuid } from './secrets'

export interface UploadedFile {
  path: string
  content: Buffer
  /** How messages name the file when not by its path (an SBOM read by its content; issue 14). */
  label?: string
  /** The file name as it was sent. */
  sentAs?: string
}

/** Root-relative, `/`-separated, no `..`, no absolute paths; `null` when the name is unusable. */
export function normaliseUploadPath(name: string): string | null {
  const parts = name
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
  if (parts.length === 0 || parts.some((p) => p === '..') || /^[a-zA-Z]:$/.test(parts[0] ?? '')) return null
  return parts.join('/')
}

/** The `.meterian` file at the root of the upload, read by the analysis (product-notes). */
export function exclusionsFileOf(files: readonly UploadedFile[]): string | null {
  return files.find((f) => f.path === METERIAN_FILE)?.content.toString('utf8') ?? null
}

/**
 * The name of a new project (issue 14 "Projects keep their names"): `?name=`, else what the files name
 * (engine `projectNameOf`: pom, settings.gradle, package.json, SBOM metadata component), else the
 * repository of `?url=`, else the first file's name without its extension. Never '.' or a date.
 */
export function projectName(
  query: Pick<UploadQuery, 'name' | 'url'>,
  detected: string | null,
  files: readonly { path: string }[] = [],
): string {
  const given = query.name?.trim()
  if (given) return given
  if (detected) return detected
  if (query.url) {
    const tail = query.url
      .replace(/\.git$/, '')
      .split(/[/:]/)
      .filter(Boolean)
      .slice(-2)
      .join('/')
    if (tail) return tail
  }
  const first = files[0]?.path
    .split('/')
    .pop()
    ?.replace(/^\.+/, '')
    .replace(/\.[^.]*$/, '')
  return first || 'Unnamed project'
}

/**
 * The project an upload to 'new' by a member belongs to when it already exists in their account (same
 * repository URL, or same name): the first such project they may upload to, else null (a new project).
 * Anonymous scans never join an existing project this way.
 */
async function sameProject(
  db: Db,
  principal: Principal,
  name: string,
  url: string | null,
): Promise<ProjectRecord | null> {
  if (principal.kind !== 'member') return null
  const candidates = await sameProjectCandidates(db, principal.account.uuid, name, url)
  return candidates.find((p) => canUpload(principal, p)) ?? null
}

export interface StartUploadInput {
  db: Db
  boss: PgBoss
  principal: Principal
  projectId: string
  query: UploadQuery
  files: UploadedFile[]
  source: 'sbom' | 'manifests'
  /** The upload key an anonymous caller sent (header X-Upload-Key) for an existing public project. */
  uploadKey?: string | undefined
  /** Score minima of this analysis only (a CI build's `--min-*`); absent = the account's. */
  thresholds?: Partial<Record<'security' | 'stability' | 'licensing', number>> | null
}

/**
 * Where an upload may go, decided before its body is read (issue 13: no work before the access check):
 * null for 'new' when the caller may create projects, else the existing project they may add a scan to.
 * A project they cannot see answers 404; one they see but may not change 403, or 401 for anonymous
 * callers without its upload key (items 9 and 10).
 */
export async function uploadTarget(
  db: Db,
  principal: Principal,
  projectId: string,
  uploadKey: string | undefined,
): Promise<Result<ProjectRecord | null>> {
  if (projectId === 'new') {
    if (!canCreateProject(principal))
      return fail(
        'forbidden',
        `Your role (${principal.kind === 'member' ? principal.member.role : 'anonymous'}) may not create projects: ask an account Administrator or a team administrator, or upload to an existing project.`,
      )
    return ok(null)
  }
  const existing = await findProject(db, projectId)
  if (existing && canUpload(principal, existing, uploadKey)) return ok(existing)
  if (!existing || !canRead(principal, existing))
    return fail(
      'not-found',
      `There is no project ${projectId} that you may upload to. Use 'new' to create one.`,
    )
  if (principal.kind !== 'member')
    return fail(
      'unauthenticated',
      `Adding a scan to project ${projectId} needs its upload key (header X-Upload-Key), given once when it was created, or a signed-in member who may change it. Use 'new' to create a project.`,
    )
  return fail('forbidden', `Your role (${principal.member.role}) may not add scans to project ${projectId}.`)
}

export async function startUploadAnalysis(input: StartUploadInput): Promise<Result<UploadResponse>> {
  const { db, boss, principal, projectId, query, files } = input
  const target = await uploadTarget(db, principal, projectId, input.uploadKey)
  if (!target.ok) return target
  let existing = target.value
  if (files.length === 0)
    return fail('invalid', "No file was uploaded: send the files as multipart form parts (field 'file').")

  const sources: SourceFile[] = files.map((f) => ({ path: f.path, content: f.content.toString('utf8') }))
  const extraction = extractProject(sources)
  // messages name files as they were sent, never by a name the user did not use (issue 14)
  const labels = new Map(files.flatMap((f) => (f.label ? [[f.path, f.label] as const] : [])))
  const labelOf = (path: string) => labels.get(path) ?? path
  if (extraction.errors.length > 0) {
    const first = extraction.errors[0]!
    const file = labelOf(first.file)
    const where = first.line !== undefined ? `${file}, line ${first.line}` : file
    return fail(
      'invalid',
      `${where}: ${first.message}`,
      extraction.errors.map((e) => ({ ...e, file: labelOf(e.file) })),
    )
  }
  for (const w of extraction.warnings) w.file = labelOf(w.file)
  // Builds that need resolving (a pom.xml, a package.json without lockfile) are resolved by the
  // analysis job: they need the registries.
  const builds = buildsToResolve(sources).map((b) => b.file)
  if (extraction.files.length === 0 && builds.length === 0) {
    return fail(
      'invalid',
      `None of the uploaded files is a supported manifest, lockfile or SBOM: ${files.map((f) => labelOf(f.path)).join(', ')}.`,
    )
  }

  const name = projectName(query, projectNameOf(sources, extraction), files)
  existing ??= await sameProject(db, principal, name, query.url?.trim() || null)
  // The owning team of a new project; `teamUuid` is still checked on an existing project (a wrong one is
  // a mistake worth saying) but never moves the project to another team.
  const owner = await ownerTeamOf(db, principal, query.teamUuid)
  if (!owner.ok) return owner
  const teamUuid = owner.value
  const projectUuid = existing?.uuid ?? newUuid()
  // A public project made without sign-in gets the key that adds its later scans (issue 13 item 10).
  const uploadKey = !existing && principal.kind === 'anonymous' ? newUploadKey() : null
  const analysisUuid = newUuid()
  await inTransaction(db, async (client) => {
    if (!existing) {
      await insertProject(client, {
        uuid: projectUuid,
        accountUuid: principal.account.uuid,
        name,
        url: query.url ?? null,
        isPublic: principal.kind === 'anonymous',
        teamUuid,
        uploadKeyDigest: uploadKey?.digest ?? null,
      })
    }
    await ensureBranch(client, projectUuid, query.branch)
    await insertAnalysis(client, {
      uuid: analysisUuid,
      projectUuid,
      branch: query.branch,
      source: input.source,
      graph: extraction.graph,
      warnings: extraction.warnings,
      exclusionsFile: exclusionsFileOf(files),
      thresholds: input.thresholds ?? null,
    })
    await insertAnalysisFiles(client, analysisUuid, files)
    // Queued inside the same transaction: the job exists exactly when the analysis does.
    await boss.send(ANALYSE_QUEUE, { analysisUuid }, { db: jobsIn(client) })
  })
  return ok({
    projectUuid,
    projectCreated: !existing,
    branch: query.branch,
    analysisUuid,
    status: 'QUEUED',
    files: [...new Set([...extraction.files, ...builds])].sort(),
    ...(uploadKey ? { uploadKey: uploadKey.key } : {}),
  })
}
