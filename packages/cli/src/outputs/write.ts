// Writes the report files a scan asked for (issue 15 outputs; several at once). The SBOMs come from the
// engine's own exporters and the PDF from @sextant/pdf's (the same bytes as the server's downloads); JSON is the
// report document itself. A file that cannot be written is an error naming it.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { type GateVerdict, renderExport, type SourceFile } from '@sextant/engine'
import { pdfRenderers } from '@sextant/pdf'
import type { ReportOutputs } from '../scan/args'
import { junitXml } from './junit'
import { ManifestLines } from './manifest-lines'
import type { ScanReport } from './report-shape'
import { sarifLog } from './sarif'

export interface WriteContext {
  projectName: string
  generatedAt: Date
  files: readonly SourceFile[]
  toolVersion: string
}

async function put(path: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, content)
}

/** Answers the files written, in the order asked. */
export async function writeReportFiles(
  outputs: ReportOutputs,
  report: ScanReport,
  verdict: GateVerdict,
  ctx: WriteContext,
): Promise<string[]> {
  const written: string[] = []
  const exportCtx = { projectName: ctx.projectName, generatedAt: ctx.generatedAt }
  if (outputs.json) await put(outputs.json, `${JSON.stringify(report, null, 2)}\n`)
  if (outputs.sarif)
    await put(
      outputs.sarif,
      `${JSON.stringify(sarifLog(report, new ManifestLines(ctx.files), ctx.toolVersion), null, 2)}\n`,
    )
  if (outputs.junit) await put(outputs.junit, junitXml(report, verdict))
  if (outputs.cdx) await put(outputs.cdx, await renderExport('sbom-cdx.json', report, exportCtx))
  if (outputs.spdx) await put(outputs.spdx, await renderExport('sbom-spdx.json', report, exportCtx))
  if (outputs.pdf) await put(outputs.pdf, await renderExport('pdf', report, exportCtx, pdfRenderers))
  for (const f of [outputs.json, outputs.sarif, outputs.junit, outputs.cdx, outputs.spdx, outputs.pdf])
    if (f) written.push(f)
  return written
}
