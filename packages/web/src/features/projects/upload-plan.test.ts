import { describe, expect, it } from 'vitest'
import { type PickedFile, planUpload } from './upload-plan'

const file = (path: string, jsonText: string | null = null, size = 10): PickedFile => ({
  path,
  size,
  jsonText,
})
const bom = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [] })

describe('planUpload', () => {
  it('sends one CycloneDX JSON file as an SBOM, whatever its name', () => {
    expect(planUpload([file('export.json', bom)])).toEqual({ kind: 'sbom', index: 0 })
  })

  it('sends lockfiles and manifests as manifests', () => {
    expect(
      planUpload([file('package.json', '{"name":"x"}'), file('package-lock.json', '{"lockfileVersion":3}')]),
    ).toEqual({ kind: 'manifests' })
    expect(planUpload([file('pom.xml')])).toEqual({ kind: 'manifests' })
    expect(planUpload([file('broken.json', '{not json')])).toEqual({ kind: 'manifests' })
  })

  it('refuses an SBOM mixed with other files, naming it', () => {
    const plan = planUpload([file('package.json', '{}'), file('bom.json', bom)])
    expect(plan).toEqual({
      kind: 'invalid',
      message: 'bom.json is a CycloneDX SBOM: upload it on its own, without other files.',
    })
  })

  it('refuses nothing and empty files, naming the file', () => {
    expect(planUpload([])).toEqual({ kind: 'invalid', message: 'Choose at least one file to upload.' })
    expect(planUpload([file('yarn.lock', null, 0)])).toEqual({
      kind: 'invalid',
      message: 'yarn.lock is empty.',
    })
  })
})
