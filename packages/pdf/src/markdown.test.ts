// Advisory markdown in the PDF (issue 14 "Downloads"): rendered, never printed as `**` or `###`.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sampleReport } from '../../engine/src/testing/sample-report'
import { markdownToText } from './markdown'
import { reportPdf } from './report-pdf'

const DESCRIPTION = [
  '### Impact',
  '',
  'The **qs** parser lets an attacker pollute `Object.prototype` via _crafted_ query strings.',
  '',
  '### Patches',
  '',
  '- Upgrade to [6.7.3](https://github.com/ljharb/qs/releases) or later',
  '- Or set `allowPrototypes: false`',
  '',
  '<script>alert(1)</script>',
].join('\n')

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'sx-md-'))
  writeFileSync(join(dir, 'a.pdf'), bytes)
  return execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' })
}

describe('advisory markdown', () => {
  it('flattens to one line of text without markdown syntax', () => {
    const line = markdownToText(DESCRIPTION)
    expect(line).toBe(
      'Impact The qs parser lets an attacker pollute Object.prototype via crafted query strings. Patches Upgrade to 6.7.3 or later Or set allowPrototypes: false',
    )
  })

  it('is rendered in the PDF: headings, emphasis, lists and links, no ** or ### and no raw HTML', async () => {
    const doc = sampleReport()
    for (const a of doc.security.assessments)
      for (const r of a.reports) for (const advice of r.advices) advice.description = DESCRIPTION
    const text = pdfText(await reportPdf(doc, { projectName: 'shop-front', generatedAt: new Date() }))
    expect(text).toContain('Vulnerability details')
    expect(text).toContain('Impact')
    expect(text).toContain('Object.prototype')
    expect(text).toContain('(https://github.com/ljharb/qs/releases)')
    expect(text).not.toMatch(/\*\*|###|<script>/)
  })
})
