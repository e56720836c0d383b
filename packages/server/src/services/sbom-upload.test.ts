// The SBOM route reads what users send (issue 14): the format by content, the file named as sent.
import { describe, expect, it } from 'vitest'
import { sbomFileFor, sniffSbom } from './sbom-upload'

const cdxJson = Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.5","components":[]}')
const cdxXml = Buffer.from('\uFEFF  <?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.5"/>')
const spdx = Buffer.from('{"spdxVersion": "SPDX-2.3", "SPDXID": "SPDXRef-DOCUMENT", "packages": []}')

describe('SBOM uploads', () => {
  it.each([
    [cdxJson, 'cyclonedx-json'],
    [cdxXml, 'cyclonedx-xml'],
    [spdx, 'spdx-json'],
    [Buffer.from('{"components": ['), 'cyclonedx-json'],
  ] as const)('sniffs %#', (content, format) => {
    expect(sniffSbom(content)).toBe(format)
  })

  it.each([
    ['bom.json', cdxJson, 'bom.json', 'bom.json'],
    ['sbom-cdx.json', cdxXml, 'bom.cdx.xml', 'sbom-cdx.json (read as CycloneDX XML)'],
    ['app.cdx.xml', cdxXml, 'app.cdx.xml', 'app.cdx.xml'],
    ['sbom-cdx.json', spdx, 'bom.spdx.json', 'sbom-cdx.json (read as SPDX JSON)'],
    ['report.txt', cdxJson, 'bom.cdx.json', 'report.txt (read as CycloneDX JSON)'],
    ['', cdxJson, 'bom.cdx.json', 'the uploaded file (read as CycloneDX JSON)'],
    ['../../etc/bom.json', cdxJson, 'bom.json', 'bom.json'],
  ])('%s → read as %s', (sent, content, path, label) => {
    expect(sbomFileFor(sent, content)).toMatchObject({ path, label })
  })
})
