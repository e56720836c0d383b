import type { Advice, Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { initialFilters } from './report-filters'
import {
  adviceDescriptionBody,
  adviceDisplayId,
  advicePasses,
  adviceTitle,
  cardTabs,
  componentRows,
  DEFAULT_SECURITY_FILTERS,
  formatEpss,
  groupByVulnerability,
  hierarchyNodeLabel,
  isAutoMitigated,
  isAutomaticExclusion,
  kevLabel,
  newFindingKey,
  newFindingKeys,
  otherIdentifiers,
  separateHandles,
  severityLabel,
} from './security-model'

const advice = (over: Partial<Advice> = {}): Advice => ({
  id: 'a1b2c3d4e5f6',
  cve: 'CVE-2024-0001',
  cwe: 'CWE-79',
  cvss: 7.5,
  epss: 0.123456,
  severity: 'HIGH',
  type: 'security',
  description: 'XSS, in "templates"',
  links: [],
  fixedInVersions: [],
  affectedComponents: [],
  kevEntry: null,
  ...over,
})

function report(advices: Advice[][]): Report {
  return {
    security: {
      assessments: [
        {
          language: 'nodejs',
          componentsCount: advices.length,
          trusted: [],
          reports: advices.map((list, i) => ({
            dependency: {
              library: { name: `lib${i}`, displayName: `lib${i}`, language: 'nodejs', unityPlugin: false },
              version: '1.0.0',
            },
            advices: list,
            safeVersions: {},
            hierarchy: [],
            introducedBy: [],
            locations: [],
            scope: i === 2 ? 'dev' : 'prod',
            transitive: false,
            otherVersionsCount: 0,
          })),
        },
      ],
    },
  } as unknown as Report
}

describe('security display rules', () => {
  it('uses the CVE or MET- plus 7 characters', () => {
    expect(adviceDisplayId(advice())).toBe('CVE-2024-0001')
    expect(adviceDisplayId(advice({ cve: null }))).toBe('MET-a1b2c3d')
    expect(adviceDisplayId(advice({ cve: 'N/A' }))).toBe('MET-a1b2c3d')
  })
  it.each([
    { aliases: undefined, cve: 'CVE-2024-0001', want: ['a1b2c3d4e5'] },
    {
      aliases: ['CVE-2024-0001', 'PYSEC-2024-1'],
      cve: 'CVE-2024-0001',
      want: ['a1b2c3d4e5', 'PYSEC-2024-1'],
    },
    { aliases: ['MAL-2024-7'], cve: null, want: ['a1b2c3d4e5', 'MAL-2024-7'] },
  ])('shows every other identifier beside the badge ($want)', ({ aliases, cve, want }) => {
    const a = advice({ cve, ...(aliases ? { aliases } : {}) })
    expect(otherIdentifiers({ ...a, id: 'a1b2c3d4e5' })).toEqual(want)
  })
  it('labels KEV, severity and truncates EPSS', () => {
    expect(kevLabel(advice())).toBeNull()
    expect(kevLabel(advice({ kevEntry: { cve: 'x', exploited: true } }))).toBe('Exploited')
    expect(kevLabel(advice({ kevEntry: { cve: 'x', exploited: false } }))).toBe('Listed')
    expect(severityLabel('NONE')).toBe('INFO')
    expect(formatEpss(0.123456)).toBe('12.34%')
    expect(formatEpss(0.99999)).toBe('99.99%')
    expect(formatEpss(0.5)).toBe('50.00%')
    expect(formatEpss(null)).toBe('—')
  })
  it('orders tabs: Mitigation first when excluded, More info only with links', () => {
    expect(cardTabs(advice()).map((t) => t.value)).toEqual([
      'description',
      'affected',
      'hierarchy',
      'locations',
      'actions',
    ])
    expect(
      cardTabs(advice({ exclusions: [{}], links: [{ url: 'https://x', type: 'NVD' }] })).map((t) => t.value),
    ).toEqual(['mitigation', 'description', 'affected', 'info', 'hierarchy', 'locations', 'actions'])
  })
  it('shows the AI tab after Description only when the assistant is available (§6)', () => {
    expect(cardTabs(advice(), { assistant: true }).map((t) => t.value)).toEqual([
      'description',
      'ai',
      'affected',
      'hierarchy',
      'locations',
      'actions',
    ])
    expect(cardTabs(advice(), { assistant: false }).map((t) => t.value)).not.toContain('ai')
  })
  it('shows Actions only in private mode (§6)', () => {
    expect(cardTabs(advice(), { actions: false }).map((t) => t.value)).not.toContain('actions')
    expect(cardTabs(advice(), { actions: true }).map((t) => t.value)).toContain('actions')
  })
  it("shows a hierarchy node's version '--' as empty (§5)", () => {
    expect(hierarchyNodeLabel('owasp-nodejs-goat:--')).toBe('owasp-nodejs-goat')
    expect(hierarchyNodeLabel('qs:6.5.2')).toBe('qs:6.5.2')
    expect(hierarchyNodeLabel('weird:--x')).toBe('weird:--x')
  })
  it('adds Learn more (training feature and a CWE) and SA (system administrators) last (§6)', () => {
    const tail = (a: Advice, extras: Parameters<typeof cardTabs>[1]) =>
      cardTabs(a, extras)
        .map((t) => t.value)
        .slice(-3)
    expect(tail(advice({ cwe: 'CWE-79' }), { learnMore: true, sysadmin: true })).toEqual([
      'actions',
      'learn',
      'sa',
    ])
    expect(tail(advice({ cwe: null }), { learnMore: true })).toEqual(['hierarchy', 'locations', 'actions'])
    expect(tail(advice({ cwe: 'CWE-79' }), { learnMore: false, sysadmin: false })).toEqual([
      'hierarchy',
      'locations',
      'actions',
    ])
  })
})

describe('security filters', () => {
  it('defaults to critical, high, medium, low', () => {
    expect(advicePasses(advice(), DEFAULT_SECURITY_FILTERS)).toBe(true)
    expect(advicePasses(advice({ severity: 'SUGGEST' }), DEFAULT_SECURITY_FILTERS)).toBe(false)
    expect(advicePasses(advice({ severity: 'NONE' }), DEFAULT_SECURITY_FILTERS)).toBe(false)
  })
  it('hides items without EPSS or CVSS once a range is narrowed', () => {
    const narrowEpss = { ...DEFAULT_SECURITY_FILTERS, epss: [10, 100] as [number, number] }
    expect(advicePasses(advice(), narrowEpss)).toBe(true)
    expect(advicePasses(advice({ epss: 0.05 }), narrowEpss)).toBe(false)
    expect(advicePasses(advice({ epss: null }), narrowEpss)).toBe(false)
    expect(advicePasses(advice({ epss: null }), DEFAULT_SECURITY_FILTERS)).toBe(true)
    const narrowCvss = { ...DEFAULT_SECURITY_FILTERS, cvss: [8, 10] as [number, number] }
    expect(advicePasses(advice(), narrowCvss)).toBe(false)
    expect(advicePasses(advice({ cvss: null }), narrowCvss)).toBe(false)
  })
  it('keeps slider handles one step apart', () => {
    expect(separateHandles([5, 5], { min: 0, max: 10, step: 0.1 })).toEqual([5, 5.1])
    expect(separateHandles([10, 10], { min: 0, max: 10, step: 0.1 })).toEqual([9.9, 10])
    expect(separateHandles([0, 0], { min: 0, max: 100, step: 0.1 })).toEqual([0, 0.1])
  })
  it('lists vulnerable components by worst severity, honouring scope and issues-only', () => {
    const r = report([
      [advice({ severity: 'LOW' })],
      [advice({ severity: 'CRITICAL', cve: 'CVE-2' })],
      [advice()],
      [],
    ])
    const rows = componentRows(r, initialFilters(['nodejs']), DEFAULT_SECURITY_FILTERS)
    expect(rows.map((row) => row.report.dependency.library.name)).toEqual(['lib1', 'lib2', 'lib0'])
    const prod = componentRows(r, { ...initialFilters(['nodejs']), scope: 'prod' }, DEFAULT_SECURITY_FILTERS)
    expect(prod).toHaveLength(2)
    const all = componentRows(
      r,
      { ...initialFilters(['nodejs']), issuesOnly: false },
      DEFAULT_SECURITY_FILTERS,
    )
    expect(all).toHaveLength(4)
    expect(componentRows(r, initialFilters(['java']), DEFAULT_SECURITY_FILTERS)).toHaveLength(0)
  })
  it('groups by CVE', () => {
    const r = report([
      [advice()],
      [advice()],
      [advice({ cve: null, id: 'zzzzzzzzz', severity: 'CRITICAL', kevEntry: { cve: 'c', exploited: true } })],
    ])
    const groups = groupByVulnerability(
      componentRows(r, initialFilters(['nodejs']), DEFAULT_SECURITY_FILTERS),
    )
    expect(groups.map((g) => [g.id, g.components.length])).toEqual([
      ['MET-zzzzzzz', 1],
      ['CVE-2024-0001', 2],
    ])
    // every finding of a group keeps the report delta's key, to mark the group new
    for (const g of groups) expect(g.findingKeys).toHaveLength(g.components.length)
    expect(groups[0]?.findingKeys[0]).toMatch(/^security\|[^|]+\|[^|]+\|zzzzzzzzz$/)
  })
})

describe('new findings (issue 16)', () => {
  const finding = (domain: 'security' | 'licensing', key: string) => ({
    domain,
    key,
    language: 'nodejs',
    library: 'ms',
    version: '2.1.3',
    id: 'GHSA-1',
    severity: 'HIGH' as const,
    title: 't',
    cve: null,
    kev: false,
    epss: null,
  })
  const entry = (hasPrevious: boolean) => ({
    reportUuid: 'r-2',
    previousReportUuid: hasPrevious ? 'r-1' : null,
    live: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    delta: {
      hasPrevious,
      newFindings: [
        finding('security', newFindingKey('nodejs', 'ms', 'GHSA-1')),
        finding('licensing', 'licensing|x'),
      ],
      newlyKev: [],
      raisedSeverity: [],
      outcome: { from: 'PASS' as const, to: 'FAIL' as const },
    },
  })
  it('marks the security findings the delta calls new, and nothing without a previous report', () => {
    expect([...newFindingKeys(entry(true))]).toEqual(['security|nodejs|ms|GHSA-1'])
    expect(newFindingKeys(entry(false)).size).toBe(0)
    expect(newFindingKeys(null).size).toBe(0)
  })
})

describe('isAutoMitigated', () => {
  const automatic = {
    id: 'auto-mitigation',
    reason: 'mitigated',
    automatic: true,
    description: 'Automatically…',
  }
  it('tells the account thresholds’ exclusions from person-made ones', () => {
    expect(isAutomaticExclusion(automatic)).toBe(true)
    expect(isAutomaticExclusion({ id: 'x', reason: 'mitigated' })).toBe(false)
    expect(isAutoMitigated(advice({ exclusions: [automatic] }))).toBe(true)
    expect(isAutoMitigated(advice({ exclusions: [{ id: 'x', reason: 'mitigated' }] }))).toBe(false)
    expect(isAutoMitigated(advice())).toBe(false)
  })
})

describe('adviceTitle', () => {
  it('takes the first line without Markdown marks, else the display id', () => {
    expect(adviceTitle(advice({ description: '**Babel `traverse` flaw**\n\n### Impact' }))).toBe(
      'Babel traverse flaw',
    )
    expect(adviceTitle(advice({ description: '## \nrest' }))).toBe('CVE-2024-0001')
  })
})

describe('adviceDescriptionBody', () => {
  it('drops a leading bold or heading title already shown on the card, keeps plain first lines', () => {
    expect(adviceDescriptionBody(advice({ description: '**Babel flaw**\n\n### Impact\nx' }))).toBe(
      '### Impact\nx',
    )
    expect(adviceDescriptionBody(advice({ description: '# Babel flaw\nbody' }))).toBe('body')
    expect(adviceDescriptionBody(advice({ description: 'Plain first line\nbody' }))).toBe(
      'Plain first line\nbody',
    )
    expect(adviceDescriptionBody(advice({ description: '**Bold** start of a sentence\nbody' }))).toBe(
      '**Bold** start of a sentence\nbody',
    )
  })
})
