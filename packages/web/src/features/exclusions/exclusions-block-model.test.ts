// Issue 19: an exclusion whose expiry date has passed shows as expired, with its date, and its findings
// count again; the block's subtitle no longer counts it as in force.
import type { ExclusionDto } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { findingExclusions, isExpired } from '../../shared/exclusions/exclusion-state'
import { exclusionsBlockModel, expiredNotice } from './exclusions-block-model'

const exclusion = (over: Partial<ExclusionDto>): ExclusionDto => ({
  id: 'x1',
  source: 'security:cves',
  domain: 'security',
  reason: 'unapplicable',
  description: 'not reachable',
  transitive: false,
  readonly: false,
  creatorUuid: 'm1',
  createdBy: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  scope: 'branch',
  content: '{}',
  ...over,
})

const component = (name: string, version: string, advices: { id: string; cve: string | null }[]) => ({
  dependency: { library: { name, language: 'nodejs', displayName: name }, version },
  advices,
})
const report = {
  security: {
    assessments: [
      {
        reports: [
          component('lodash', '4.17.20', [
            { id: 'A1', cve: 'CVE-2021-1' },
            { id: 'A2', cve: 'CVE-2021-2' },
          ]),
          component('minimist', '1.2.0', [{ id: 'A3', cve: 'CVE-2021-1' }]),
        ],
      },
    ],
  },
}

const now = new Date('2026-11-26T05:00:00Z')

describe('exclusionsBlockModel (issue 19 expiry)', () => {
  const expired = exclusion({ id: 'old', cve: 'CVE-2021-1', version: '*', expires: '2026-11-25' })
  const future = exclusion({ id: 'new', cve: 'CVE-2021-2', version: '*', expires: '2026-12-31' })
  const none = exclusion({ id: 'lib', source: 'stability:libraries', domain: 'stability', reason: 'ignored' })

  it('shows an expired exclusion as expired, with its date and the findings that count again', () => {
    const model = exclusionsBlockModel({
      list: [expired, future, none],
      report,
      applied: new Set(['new']),
      latest: true,
      now,
    })
    expect(model.subtitle).toBe('2 in force · 1 expired · security 1 · stability 1')
    const [old, fresh, lib] = model.items
    expect(old).toMatchObject({ expiredOn: '2026-11-25', returning: 2, pending: false })
    expect(expiredNotice(old!)).toBe('Expired on 2026-11-25: 2 findings of this report count again')
    expect(fresh).toMatchObject({ expiredOn: null, pending: false })
    expect(lib).toMatchObject({ expiredOn: null, pending: true })
  })

  it('says the findings come back at the next recompute while the report still applies it', () => {
    const model = exclusionsBlockModel({
      list: [expired],
      report,
      applied: new Set(['old']),
      latest: true,
      now,
    })
    expect(expiredNotice(model.items[0]!)).toBe(
      'Expired on 2026-11-25: 2 findings of this report count again at the next recompute',
    )
  })

  it('keeps an exclusion in force through the whole day it names (UTC)', () => {
    expect(isExpired('2026-11-26', now)).toBe(false)
    expect(isExpired('2026-11-25', now)).toBe(true)
    expect(isExpired(undefined, now)).toBe(false)
    const model = exclusionsBlockModel({
      list: [exclusion({ expires: '2026-11-26', cve: 'CVE-2021-1' })],
      report,
      applied: new Set(['x1']),
      latest: true,
      now,
    })
    expect(model.subtitle).toBe('1 in force · security 1')
  })
})

describe('findingExclusions with an expired exclusion', () => {
  const finding = {
    domain: 'security' as const,
    language: 'nodejs',
    name: 'lodash',
    version: '4.17.20',
    adviceId: 'A1',
    cve: 'CVE-2021-1',
  }
  const expired = exclusion({ id: 'old', cve: 'CVE-2021-1', version: '*', expires: '2026-11-25' })

  it('does not show a stored expired exclusion as applying at the next recompute', () => {
    expect(findingExclusions([], [expired], finding, now)).toEqual([])
  })

  it('shows one the report applied as ending at the next recompute', () => {
    const views = findingExclusions([{ id: 'old', reason: 'unapplicable' }], [expired], finding, now)
    expect(views.map((v) => v.state)).toEqual(['removed'])
  })
})
