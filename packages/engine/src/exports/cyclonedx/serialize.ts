// CycloneDX 1.6 JSON and XML text of a report (spec report-page §9 download types sbom-cdx.json and
// sbom-cdx.xml), serialised by @cyclonedx/cyclonedx-library (XML through its xmlbuilder2 plug-in).
import { Serialize, Spec } from '@cyclonedx/cyclonedx-library'
import type { ReportDocument } from '../../report/document'
import type { ExportContext } from '../components'
import { reportBom } from './bom'

export const CYCLONEDX_SPEC = Spec.Spec1dot6

export function cyclonedxJson(doc: ReportDocument, ctx: ExportContext): string {
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(CYCLONEDX_SPEC))
  return serializer.serialize(reportBom(doc, ctx), { sortLists: false, space: 2 })
}

export function cyclonedxXml(doc: ReportDocument, ctx: ExportContext): string {
  const serializer = new Serialize.XmlSerializer(new Serialize.XML.Normalize.Factory(CYCLONEDX_SPEC))
  return serializer.serialize(reportBom(doc, ctx), { sortLists: false, space: 2 })
}
