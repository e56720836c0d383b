// JUnit XML for CI test reports (issue 15 `--report-junit`): one suite per domain, one test case for
// the domain's check (score against minimum; "not assessed" fails unless allowed) and one per finding,
// so a CI page lists each vulnerable dependency as a failed test. Hand-written: a few escaped elements.
import type { GateVerdict, ScoreDomain } from '@sextant/engine'
import { reportFindings } from '@sextant/engine'
import type { ScanReport } from './report-shape'

/** Characters XML 1.0 cannot carry at all (C0 controls but tab, LF, CR; U+FFFE, U+FFFF). */
function xmlSafe(text: string): string {
  let out = ''
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) continue
    out += ch
  }
  return out
}

const xml = (text: string) =>
  xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

interface Case {
  name: string
  classname: string
  failure: { message: string; body: string } | null
}

export function junitXml(report: ScanReport, verdict: GateVerdict): string {
  const findings = reportFindings(report)
  const suites = verdict.domains.map((d) => {
    const cases: Case[] = [
      {
        name: `${d.domain} score`,
        classname: `sextant.${d.domain}`,
        failure: d.fails
          ? {
              message:
                d.score === null
                  ? `${d.domain} was not assessed`
                  : `${d.domain} score ${d.score} is below the minimum ${d.minimum}`,
              body:
                d.score === null
                  ? 'Pass --allow-unassessed to accept a domain that could not be assessed.'
                  : '',
            }
          : null,
      },
    ]
    for (const f of findings.filter((x) => x.domain === (d.domain as ScoreDomain))) {
      cases.push({
        name: `${f.library} ${f.version}: ${f.title}`,
        classname: `sextant.${d.domain}.${f.language}`,
        failure: {
          message: `${f.id}${f.severity ? ` (${f.severity})` : ''}`,
          body: `${f.library} ${f.version}: ${f.title}`,
        },
      })
    }
    const failures = cases.filter((c) => c.failure).length
    const body = cases
      .map(
        (c) =>
          `    <testcase name="${xml(c.name)}" classname="${xml(c.classname)}">${
            c.failure ? `<failure message="${xml(c.failure.message)}">${xml(c.failure.body)}</failure>` : ''
          }</testcase>`,
      )
      .join('\n')
    return `  <testsuite name="sextant ${d.domain}" tests="${cases.length}" failures="${failures}" errors="0">\n${body}\n  </testsuite>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sextant">\n${suites.join('\n')}\n</testsuites>\n`
}
