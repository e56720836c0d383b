// Test support (issue 6 acceptance 4): validates CycloneDX XML against the official XSD that ships in
// @cyclonedx/cyclonedx-library (res/schema; bom-1.x imports spdx.SNAPSHOT.xsd by a relative path) with
// Debian's xmllint, offline (--nonet). libxmljs2, the library's own XML validator, cannot install here.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const XMLLINT_INSTALL = 'apt-get install -y libxml2-utils'

/** The directory of the library's bundled schemas (bom-1.6.SNAPSHOT.xsd, spdx.SNAPSHOT.xsd, …). */
export function cyclonedxSchemaDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@cyclonedx/cyclonedx-library/package.json')
  return join(dirname(pkg), 'res', 'schema')
}

export interface XsdOptions {
  /** CycloneDX version of the XSD (bom-1.6.SNAPSHOT.xsd by default). */
  version?: string
  /** The xmllint executable (tests point it somewhere absent to prove the failure message). */
  bin?: string
}

/** xmllint's complaints about `xml` against the CycloneDX XSD, or null when it is valid. */
export function cyclonedxXsdErrors(
  xml: string,
  { version = '1.6', bin = 'xmllint' }: XsdOptions = {},
): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'sx-xsd-'))
  try {
    const file = join(dir, 'bom.xml')
    writeFileSync(file, xml)
    const xsd = join(cyclonedxSchemaDir(), `bom-${version}.SNAPSHOT.xsd`)
    const run = spawnSync(bin, ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' })
    // A missing xmllint is a broken test machine, not a valid BOM: fail and say how to fix it.
    if (run.error) throw new Error(`xmllint is needed to validate CycloneDX XML: ${XMLLINT_INSTALL}`)
    return run.status === 0 ? null : run.stderr.trim() || `xmllint exited with ${run.status}`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
