// SARIF 2.1.0 for GitHub code scanning (issue 15 `--report-sarif`): one rule per advisory (help text,
// severity, CVSS as security-severity) and per licence policy; one result per finding (advisory ×
// component, licence violation × component), located at the manifest line that brings it in.
import { createHash } from 'node:crypto'
import type { Severity } from '@sextant/engine'
import type { ManifestLines } from './manifest-lines'
import type { ScanReport } from './report-shape'

type Level = 'error' | 'warning' | 'note'

const levelOf: Record<Severity, Level> = {
  CRITICAL: 'error',
  HIGH: 'error',
  MEDIUM: 'warning',
  LOW: 'note',
  SUGGEST: 'note',
  NONE: 'note',
}
// GitHub reads `security-severity` (0.0-10.0); a severity without a CVSS score gets its band's middle.
const severityScore: Record<Severity, number> = {
  CRITICAL: 9.5,
  HIGH: 8,
  MEDIUM: 5.5,
  LOW: 2,
  SUGGEST: 0,
  NONE: 0,
}

interface SarifRule {
  id: string
  name: string
  shortDescription: { text: string }
  fullDescription: { text: string }
  help: { text: string; markdown: string }
  helpUri?: string
  defaultConfiguration: { level: Level }
  properties: { tags: string[]; 'security-severity'?: string; precision: string }
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? ''

function location(file: string, line: number) {
  return {
    physicalLocation: {
      artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' },
      region: { startLine: line },
    },
  }
}

export function sarifLog(report: ScanReport, lines: ManifestLines, toolVersion: string): object {
  const rules = new Map<string, SarifRule>()
  const results: object[] = []
  const fingerprint = (...parts: string[]) =>
    createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)

  for (const assessment of report.security.assessments) {
    for (const r of assessment.reports) {
      const { name } = r.dependency.library
      const version = r.dependency.version
      const where = lines.locate(name, r.introducedBy, r.locations)
      for (const a of r.advices) {
        if (a.type !== 'security' || (a.exclusions?.length ?? 0) > 0) continue
        const title = firstLine(a.description) || a.id
        if (!rules.has(a.id)) {
          const ids = [a.id, ...(a.aliases ?? [])].join(', ')
          const fixed = a.fixedInVersions.length
            ? `Fixed in ${a.fixedInVersions.join(', ')}.`
            : 'No fixed version is known.'
          const links = a.links.map((l) => `- [${l.type}](${l.url})`).join('\n')
          rules.set(a.id, {
            id: a.id,
            name: a.cve ?? a.id,
            shortDescription: { text: title.slice(0, 1000) },
            fullDescription: { text: (a.description || title).slice(0, 4000) },
            help: {
              text: `${ids}: ${title}\nSeverity ${a.severity}${a.cvss !== null ? `, CVSS ${a.cvss}` : ''}. ${fixed}`,
              markdown: `**${ids}** (${a.severity}${a.cvss !== null ? `, CVSS ${a.cvss}` : ''})\n\n${a.description}\n\n${fixed}${links ? `\n\n${links}` : ''}`,
            },
            ...(a.links[0] ? { helpUri: a.links[0].url } : {}),
            defaultConfiguration: { level: levelOf[a.severity] },
            properties: {
              tags: ['security', 'dependency', ...(a.cwe ? [a.cwe] : [])],
              'security-severity': (a.cvss ?? severityScore[a.severity]).toFixed(1),
              precision: 'high',
            },
          })
        }
        const via =
          r.transitive && r.introducedBy.length ? ` (brought in by ${r.introducedBy.join(', ')})` : ''
        const fixedIn = a.fixedInVersions.length ? ` Fixed in ${a.fixedInVersions.join(', ')}.` : ''
        results.push({
          ruleId: a.id,
          level: levelOf[a.severity],
          message: { text: `${name} ${version}${via} is affected by ${a.cve ?? a.id}: ${title}.${fixedIn}` },
          ...(where ? { locations: [location(where.file, where.line)] } : {}),
          partialFingerprints: {
            'sextant/finding/v1': fingerprint(a.id, assessment.language, name, version),
          },
          properties: { library: name, version, language: assessment.language },
        })
      }
    }
  }

  for (const group of report.licensing.reports) {
    for (const r of group.results) {
      if ((r.exclusions?.length ?? 0) > 0) continue
      for (const v of r.violations) {
        const id = `licence-policy/${v.policyName}`
        if (!rules.has(id))
          rules.set(id, {
            id,
            name: `Licence policy: ${v.policyName}`,
            shortDescription: {
              text: `A dependency's licence is not allowed by the policy '${v.policyName}'.`,
            },
            fullDescription: {
              text: `The account's licence policy '${v.policyName}' forbids the licences reported here.`,
            },
            help: {
              text: `Replace the dependency, or ask an account administrator about the policy '${v.policyName}'.`,
              markdown: `Replace the dependency, or ask an account administrator about the policy **${v.policyName}**.`,
            },
            defaultConfiguration: { level: 'error' },
            properties: { tags: ['licensing', 'dependency'], precision: 'high' },
          })
        const component = report.security.assessments
          .flatMap((s) => s.reports)
          .find((c) => c.dependency.library.name === r.library.name && c.dependency.version === r.version)
        const where = lines.locate(r.library.name, component?.introducedBy ?? [], component?.locations ?? [])
        results.push({
          ruleId: id,
          level: 'error',
          message: {
            text: `${r.library.name} ${r.version} is licensed ${v.licence}, which the policy '${v.policyName}' does not allow.`,
          },
          ...(where ? { locations: [location(where.file, where.line)] } : {}),
          partialFingerprints: {
            'sextant/finding/v1': fingerprint(id, v.licence, r.library.name, r.version),
          },
          properties: { library: r.library.name, version: r.version, language: r.library.language },
        })
      }
    }
  }

  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Sextant',
            version: toolVersion,
            rules: [...rules.values()],
          },
        },
        automationDetails: { id: `sextant/${report.project.branch}/` },
        results,
      },
    ],
  }
}
