// Renders one download of a stored report through the engine's export registry (spec report-page §9
// download types), names the file, and runs queued exports for the `export` job (DESIGN §3).
import type { ExportFormatName, ExportScope } from '@sextant/contract'
import { exportFormats, type ReportView, renderExport } from '@sextant/engine'
import { pdfRenderers } from '@sextant/pdf'
import type { Db } from '../db/connection'
import { findProject } from '../services/projects.repo'
import { claimExport, failExport, finishExport, reportDocument, setProgress } from './exports.repo'

export interface RenderedFile {
  name: string
  contentType: string
  content: Uint8Array
}

/**
 * `shop-front_main.sbom-cdx.json` (`shop-front_main.prod.pdf` for production only): safe characters only, for Content-Disposition, and never a leading dot
 * (a project named '.' would download as the hidden file `._main.pdf`).
 */
export function fileNameOf(
  projectName: string,
  branch: string,
  format: ExportFormatName,
  scope: ExportScope = 'all',
): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'project'
  return `${safe(projectName)}_${safe(branch)}${scope === 'prod' ? '.prod' : ''}.${exportFormats[format].extension}`
}

export async function renderReportFile(
  db: Db,
  reportUuid: string,
  format: ExportFormatName,
  now: Date = new Date(),
  scope: ExportScope = 'all',
  view?: ReportView,
): Promise<RenderedFile | null> {
  const doc = await reportDocument(db, reportUuid)
  if (!doc) return null
  const project = await findProject(db, doc.project.uuid)
  const projectName = project?.name ?? doc.project.uuid
  const content = await renderExport(
    format,
    doc,
    {
      projectName,
      generatedAt: now,
      scope,
      ...(view ? { view } : {}),
    },
    pdfRenderers,
  )
  return {
    name: fileNameOf(projectName, doc.project.branch, format, scope),
    contentType: exportFormats[format].contentType,
    content,
  }
}

export type ExportOutcome = 'done' | 'skipped' | 'failed'

/** Runs one queued export; idempotent (a claimed or finished export is skipped). */
export async function runExport(
  db: Db,
  exportUuid: string,
  now: () => Date = () => new Date(),
): Promise<ExportOutcome> {
  const claimed = await claimExport(db, exportUuid)
  if (!claimed) return 'skipped'
  try {
    await setProgress(db, exportUuid, 40, `Writing the ${claimed.format} file`)
    const file = await renderReportFile(db, claimed.reportUuid, claimed.format, now(), claimed.scope)
    if (!file) {
      await failExport(db, exportUuid, 'The report of this export no longer exists.')
      return 'failed'
    }
    await setProgress(db, exportUuid, 90, 'Storing the file')
    await finishExport(db, exportUuid, file)
    return 'done'
  } catch (error) {
    await failExport(
      db,
      exportUuid,
      `The export failed: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 'failed'
  }
}
