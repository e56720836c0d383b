// Exclusions as CycloneDX VEX (DESIGN §4 exports): the reason → analysis-state mapping, the affected
// components of the report, and validity against the official CycloneDX 1.5 JSON schema.
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { describe, expect, it } from 'vitest'
import { fixtureReport, meta, vuln } from '../report/fixtures/reports'
import type { Exclusion } from './model'
import { writeVex } from './vex'

const base = {
  description: 'checked',
  transitive: false,
  readonly: false,
  creatorUuid: null,
  scope: 'branch',
} as const
const exclusions: Exclusion[] = [
  { ...base, id: '1', source: 'security:cves', cve: 'CVE-2024-0001', version: '*', reason: 'mitigated' },
  { ...base, id: '2', source: 'security:advices', uuid: 'GHSA-bbbb', reason: 'unapplicable' },
  { ...base, id: '3', source: 'security:advices', uuid: 'GHSA-not-in-report', reason: 'invalid' },
]
const report = fixtureReport({
  components: ['a@1.0.0', '@scope/b@1.0.0'],
  advisories: [vuln('GHSA-aaaa', 'a', '1.0.1', 'CVE-2024-0001'), vuln('GHSA-bbbb', '@scope/b', '2.0.0')],
  metadata: { a: meta(['1.0.0']), '@scope/b': meta(['1.0.0']) },
  exclusions,
})

const text = await writeVex(exclusions, {
  report,
  serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
  timestamp: new Date('2025-01-01T00:00:00Z'),
})

describe('writeVex', () => {
  const bom = JSON.parse(text) as {
    vulnerabilities: {
      id: string
      source?: { name: string; url: string }
      analysis: { state: string; response?: string[] }
      affects?: { ref: string }[]
    }[]
  }
  const byId = new Map(bom.vulnerabilities.map((v) => [v.id, v]))

  it('maps reasons to analysis states (mitigated is not_affected: the library is still there)', () => {
    expect(byId.get('CVE-2024-0001')?.analysis).toMatchObject({
      state: 'not_affected',
      justification: 'protected_by_mitigating_control',
      response: ['workaround_available'],
    })
    expect(byId.get('GHSA-bbbb')?.analysis.state).toBe('not_affected')
    expect(byId.get('GHSA-not-in-report')?.analysis.state).toBe('false_positive')
  })

  it('gives every entry the source Dependency-Track needs to import it', () => {
    expect(bom.vulnerabilities.every((v) => v.source?.name)).toBe(true)
    expect(byId.get('CVE-2024-0001')?.source?.name).toBe('NVD')
    expect(byId.get('GHSA-bbbb')?.source?.name).toBe('GITHUB')
  })

  it('names the affected components by purl', () => {
    expect(byId.get('CVE-2024-0001')?.affects).toEqual([{ ref: 'pkg:npm/a@1.0.0' }])
    expect(byId.get('GHSA-bbbb')?.affects).toEqual([{ ref: 'pkg:npm/%40scope/b@1.0.0' }])
    expect(byId.get('GHSA-not-in-report')?.affects).toBeUndefined()
  })

  it('validates against the CycloneDX 1.5 JSON schema', async () => {
    const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot5)
    expect(await validator.validate(text)).toBeNull()
  })
})
