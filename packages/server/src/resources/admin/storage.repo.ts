// Storage per account (issue 20 "show storage per account to sysadmins"): sizes read from what PostgreSQL
// already records, never by reading contents: pg_column_size of a report document or graph is its stored
// (possibly compressed, TOASTed) size, found without decompressing it; upload contents and exports carry
// their size. An upload content shared by two accounts counts for each. Shared stores: relation sizes.
import type { AccountStorage, StorageOverview } from '@sextant/contract'
import type { Db } from '../../db/connection'

interface Row {
  uuid: string
  name: string
  projects: number
  reports: number
  report_bytes: string
  graph_bytes: string
  upload_bytes: string
  export_bytes: string
}

export async function storageOverview(db: Db): Promise<StorageOverview> {
  const { rows } = await db.query<Row>(
    `SELECT a.uuid, a.name,
       (SELECT count(*) FROM projects p WHERE p.account_uuid = a.uuid)::int AS projects,
       (SELECT count(*) FROM reports r JOIN projects p ON p.uuid = r.project_uuid
         WHERE p.account_uuid = a.uuid)::int AS reports,
       (SELECT coalesce(sum(coalesce(pg_column_size(r.document_gz), pg_column_size(r.document))), 0) FROM reports r JOIN projects p ON p.uuid = r.project_uuid
         WHERE p.account_uuid = a.uuid)::bigint AS report_bytes,
       (SELECT coalesce(sum(pg_column_size(an.graph)), 0) FROM analyses an JOIN projects p ON p.uuid = an.project_uuid
         WHERE p.account_uuid = a.uuid)::bigint AS graph_bytes,
       (SELECT coalesce(sum(b.size), 0) FROM upload_blobs b WHERE b.digest IN (
          SELECT f.digest FROM analysis_files f JOIN analyses an ON an.uuid = f.analysis_uuid
          JOIN projects p ON p.uuid = an.project_uuid WHERE p.account_uuid = a.uuid))::bigint AS upload_bytes,
       (SELECT coalesce(sum(e.size), 0) FROM exports e JOIN projects p ON p.uuid = e.project_uuid
         WHERE p.account_uuid = a.uuid)::bigint AS export_bytes
     FROM accounts a`,
  )
  const accounts = rows
    .map((r): AccountStorage => {
      const bytes = [r.report_bytes, r.graph_bytes, r.upload_bytes, r.export_bytes].map(Number) as [
        number,
        number,
        number,
        number,
      ]
      return {
        accountUuid: r.uuid,
        accountName: r.name,
        projects: r.projects,
        reports: r.reports,
        reportBytes: bytes[0],
        graphBytes: bytes[1],
        uploadFileBytes: bytes[2],
        exportBytes: bytes[3],
        totalBytes: bytes.reduce((n, b) => n + b, 0),
      }
    })
    .sort((a, b) => b.totalBytes - a.totalBytes || a.accountName.localeCompare(b.accountName))
  const { rows: shared } = await db.query<{ advisories: string; registry: string }>(
    `SELECT (pg_total_relation_size('advisories') + pg_total_relation_size('advisory_packages'))::bigint AS advisories,
            (pg_total_relation_size('package_metadata') + pg_total_relation_size('registry_documents'))::bigint AS registry`,
  )
  return {
    accounts,
    shared: {
      advisoryBytes: Number(shared[0]?.advisories ?? 0),
      registryCacheBytes: Number(shared[0]?.registry ?? 0),
    },
  }
}
