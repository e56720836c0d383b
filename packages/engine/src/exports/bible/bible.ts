// The licence bible (spec report-page §9 download types bible_json and bible_pdf; product-notes
// "Downloads"): every component with its licences and copyright text, grouped by language.
// The copyright text is the one the account set for the library (copyright dialog); empty when none.
// Its PDF is drawn by @sextant/pdf (bible-pdf.ts) from licenceBible.
import type { Language } from '../../model'
import type { LicenceRef, ReportDocument } from '../../report/document'
import type { ExportContext } from '../components'

export interface BibleComponent {
  name: string
  version: string
  scope: string
  transitive: boolean
  licenses: LicenceRef[]
  copyright: string
}

export interface LicenceBible {
  project: { uuid: string; name: string; branch: string }
  report: { uuid: string; createdAt: string }
  generatedAt: string
  languages: { language: Language; components: BibleComponent[] }[]
}

export function licenceBible(doc: ReportDocument, ctx: ExportContext): LicenceBible {
  return {
    project: { uuid: doc.project.uuid, name: ctx.projectName, branch: doc.project.branch },
    report: { uuid: doc.uuid, createdAt: doc.createdAt },
    generatedAt: ctx.generatedAt.toISOString(),
    languages: doc.licensing.reports.map((r) => ({
      language: r.language,
      components: [...r.results]
        .sort((a, b) => a.library.name.localeCompare(b.library.name) || a.version.localeCompare(b.version))
        .map((res) => ({
          name: res.library.name,
          version: res.version,
          scope: res.scope,
          transitive: res.transitive,
          licenses: res.licenses,
          copyright: res.copyright ?? '',
        })),
    })),
  }
}

export function bibleJson(doc: ReportDocument, ctx: ExportContext): string {
  return `${JSON.stringify(licenceBible(doc, ctx), null, 2)}\n`
}
