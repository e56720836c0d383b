// What an analysis reads besides its graph (DESIGN §1 "Enrich"): OSV records from the advisory store
// and registry metadata through the datasource facade. Either may be absent; the report then says the
// domain was not assessed instead of calling it clean.
import type { Ecosystem, OsvRecord, PackageMetadataInput } from '@sextant/engine'

export interface PackageRef {
  ecosystem: Ecosystem
  name: string
  version?: string
}

export interface MetadataAnswer {
  packages: ReadonlyMap<string, PackageMetadataInput | null>
  problems: { key: string; message: string }[]
}

export interface AnalysisSources {
  /** Records naming any of these packages; `null` when the store holds no advisories at all. */
  advisoriesFor?(packages: PackageRef[]): Promise<OsvRecord[] | null>
  metadataFor?(packages: PackageRef[]): Promise<MetadataAnswer>
}
