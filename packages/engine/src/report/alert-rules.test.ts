// Issue 16 acceptance 2 (table test): an excluded finding, a finding below the rule's severity and a
// project outside the rule's tag send nothing; the events each raise their own alert items.
import { describe, expect, it } from 'vitest'
import { type AlertRule, type AlertSubject, alertItems, projectSelected } from './alert-rules'
import type { Severity } from './document'
import { type DeltaSource, reportDelta } from './report-delta'

interface A {
  id: string
  severity: Severity
  kev?: boolean
  epss?: number
  excluded?: boolean
}

function doc(advices: A[], outcome: 'PASS' | 'FAIL' = 'PASS', licence?: string): DeltaSource {
  return {
    outcome,
    security: {
      assessments: [
        {
          reports: [
            {
              dependency: { library: { name: 'lib', language: 'javascript' }, version: '1.0.0' },
              advices: advices.map((a) => ({
                id: a.id,
                cve: null,
                severity: a.severity,
                type: 'security',
                epss: a.epss ?? null,
                kevEntry: a.kev ? { exploited: true } : null,
                ...(a.excluded ? { exclusions: [{ reason: 'mitigated' }] } : {}),
              })),
            },
          ],
        },
      ],
    },
    licensing: {
      reports: licence
        ? [
            {
              results: [
                {
                  library: { name: 'gpl-lib', language: 'javascript' },
                  version: '2.0.0',
                  violations: [{ policyName: 'no copyleft', licence }],
                },
              ],
            },
          ]
        : [],
    },
  }
}

const rule = (over: Partial<AlertRule> = {}): AlertRule => ({
  events: ['new-finding'],
  minSeverity: 'LOW',
  epssThreshold: null,
  projects: { kind: 'all' },
  ...over,
})

const subject = (after: DeltaSource, over: Partial<AlertSubject> = {}): AlertSubject => ({
  project: { name: 'shop-frontend', tags: ['prod'] },
  reportUuid: 'r2',
  reportStatus: 'OK',
  delta: reportDelta(doc([]), after),
  ...over,
})

describe('alert rules (issue 16 acceptance 2)', () => {
  const cases: [string, AlertRule, AlertSubject, string[]][] = [
    ['a new finding alerts', rule(), subject(doc([{ id: 'A', severity: 'MEDIUM' }])), ['new-finding|A']],
    [
      'an excluded finding sends nothing',
      rule(),
      subject(doc([{ id: 'A', severity: 'CRITICAL', excluded: true, kev: true }])),
      [],
    ],
    [
      'a finding below the rule severity sends nothing',
      rule({ minSeverity: 'HIGH' }),
      subject(doc([{ id: 'A', severity: 'MEDIUM' }])),
      [],
    ],
    [
      'a project outside the rule tag sends nothing',
      rule({ projects: { kind: 'tag', tags: ['payments'] } }),
      subject(doc([{ id: 'A', severity: 'CRITICAL' }])),
      [],
    ],
    [
      'a project with the tag (any case) alerts',
      rule({ projects: { kind: 'tag', tags: ['PROD'] } }),
      subject(doc([{ id: 'A', severity: 'CRITICAL' }])),
      ['new-finding|A'],
    ],
    [
      'a name pattern selects',
      rule({ projects: { kind: 'name', pattern: 'shop-*' } }),
      subject(doc([{ id: 'A', severity: 'LOW' }])),
      ['new-finding|A'],
    ],
    [
      'a name pattern leaves others out',
      rule({ projects: { kind: 'name', pattern: 'billing-?' } }),
      subject(doc([{ id: 'A', severity: 'LOW' }])),
      [],
    ],
    [
      'critical/high, KEV and EPSS each alert',
      rule({ events: ['new-critical-high', 'kev', 'epss'], epssThreshold: 0.5 }),
      subject(
        doc([
          { id: 'A', severity: 'HIGH', kev: true, epss: 0.7 },
          { id: 'B', severity: 'MEDIUM', epss: 0.1 },
        ]),
      ),
      ['new-critical-high|A', 'kev|A', 'epss|A'],
    ],
    [
      'PASS to FAIL alerts once per report',
      rule({ events: ['outcome-fail'] }),
      subject(doc([{ id: 'A', severity: 'HIGH' }], 'FAIL')),
      ['outcome-fail|r2'],
    ],
    [
      'a licence violation alerts',
      rule({ events: ['licence-violation', 'new-finding'] }),
      subject(doc([], 'PASS', 'GPL-3.0-only')),
      ['licence-violation|GPL-3.0-only'],
    ],
    [
      'a failed analysis alerts only its own event',
      rule({ events: ['analysis-failed', 'new-finding'] }),
      subject(doc([{ id: 'A', severity: 'HIGH' }]), { reportStatus: 'ERROR' }),
      ['analysis-failed|r2'],
    ],
  ]
  it.each(cases)('%s', (_, r, s, want) => {
    const got = alertItems(r, s).map((i) => `${i.event}|${i.finding?.id ?? i.key.split('|').pop()}`)
    expect(got).toEqual(want)
  })

  it('a finding newly KEV-listed or raised to HIGH alerts; the first report (no previous) alerts nothing', () => {
    const before = doc([{ id: 'A', severity: 'MEDIUM' }])
    const after = doc([{ id: 'A', severity: 'HIGH', kev: true }])
    const items = alertItems(rule({ events: ['kev', 'new-critical-high'] }), {
      ...subject(after),
      delta: reportDelta(before, after),
    })
    expect(items.map((i) => i.event)).toEqual(['kev', 'new-critical-high'])
    expect(alertItems(rule(), { ...subject(after), delta: reportDelta(null, after) })).toEqual([])
  })

  it('name patterns are literal but for * and ?', () => {
    expect(projectSelected({ kind: 'name', pattern: 'a.b' }, { name: 'axb', tags: [] })).toBe(false)
    expect(projectSelected({ kind: 'name', pattern: 'A.B' }, { name: 'a.b', tags: [] })).toBe(true)
  })
})
