// The files stored with an analysis (migration 001 `analysis_files`): what the analysis job reads
// back to resolve builds (DESIGN §1 "Resolve"). Paths first, so contents load only when needed.
import type { SourceFile } from '@sextant/engine'
import type { Db } from '../db/connection'

export async function analysisFilePaths(db: Db, analysisUuid: string): Promise<string[]> {
  const { rows } = await db.query<{ path: string }>(
    'SELECT path FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  return rows.map((r) => r.path)
}

export async function analysisFiles(db: Db, analysisUuid: string): Promise<SourceFile[]> {
  const { rows } = await db.query<{ path: string; content: Buffer }>(
    'SELECT path, content FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  return rows.map((r) => ({ path: r.path, content: r.content.toString('utf8') }))
}
