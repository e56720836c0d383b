// Stored report documents (issue 16 acceptance 6; migrations 034, 035): the three gzip members read back as
// exactly JSON.stringify(doc), whatever the document's strings hold; a carried document leaves the sections
// member to the caller; a document whose sections are not side by side is one member.
import { gzipSync } from 'node:zlib'
import type { ReportDocument } from '@sextant/engine'
import { describe, expect, it } from 'vitest'
import { packReportDocument, storedReportDocument, storedReportJson } from './report-document'

const doc = {
  uuid: 'r1',
  summary: { note: '"stability":"x","licensing":"y" \u0000 in a string' },
  security: { score: 80 },
  stability: { score: 100, summary: { patch: 1 }, reports: [{ name: 'ms' }] },
  licensing: { score: null, summary: { tot: 2 }, reports: [] },
  notes: [{ message: 'tail' }],
} as unknown as ReportDocument

const joined = (parts: Buffer[]) => storedReportJson({ document: null, document_gz: Buffer.concat(parts) })

describe('packing a report document', () => {
  it('reads back the same JSON from its three members', async () => {
    const packed = await packReportDocument(doc, false)
    expect(packed.sections).not.toBeNull()
    expect(await joined([packed.before, packed.sections!, packed.after])).toBe(JSON.stringify(doc))
    expect(
      await storedReportDocument({
        document: null,
        document_gz: Buffer.concat([packed.before, packed.sections!, packed.after]),
      }),
    ).toEqual(doc)
  })

  it('leaves the sections to the caller when they are carried: another report’s member fits in', async () => {
    const other = { ...doc, uuid: 'r2', security: { score: 10 } } as ReportDocument
    const carried = await packReportDocument(other, true)
    expect(carried.sections).toBeNull()
    const previous = await packReportDocument(doc, false)
    expect(await joined([carried.before, previous.sections!, carried.after])).toBe(JSON.stringify(other))
  })

  it('keeps a document whose sections are not side by side as one member', async () => {
    const { notes, stability, licensing, ...rest } = doc
    const odd = { ...rest, stability, notes, licensing } as ReportDocument
    const packed = await packReportDocument(odd, false)
    expect(packed.sections).toBeNull()
    expect(await joined([packed.before, packed.after])).toBe(JSON.stringify(odd))
    await expect(packReportDocument(odd, true)).rejects.toThrow(/side by side/)
    // and a plain single-member document reads as before
    expect(await joined([gzipSync(JSON.stringify(doc))])).toBe(JSON.stringify(doc))
  })
})
