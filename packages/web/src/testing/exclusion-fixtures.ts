// An advice and a component with it, as the exclusion tests (model and dialog) need them.
import type { Advice } from '@sextant/contract'
import type { ComponentReport } from '../shared/report/security-model'

export const adviceFixture = (id: string, cve: string | null): Advice => ({
  id,
  cve,
  cwe: null,
  cvss: 5,
  epss: null,
  severity: 'MEDIUM',
  type: 'security',
  description: '',
  links: [],
  fixedInVersions: [],
  affectedComponents: [],
  kevEntry: null,
})

export const componentFixture = (advices: Advice[]) =>
  ({
    dependency: {
      library: { name: 'lodash', displayName: 'lodash', language: 'nodejs', unityPlugin: false },
      version: '4.17.4',
    },
    advices,
  }) as ComponentReport
