// recordHead (issue 20 re-import skip): on every record of the corpus it reads what JSON.parse reads for
// id and modified, and the ecosystems the affected packages name; on bytes it cannot be sure of it
// answers null, never a wrong id or stamp.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { recordEcosystems, recordHead } from './record-head'
import { corpusDir } from './test-corpus'

const bytes = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value))
/** Both readings, as the reader takes them for a skipped record. */
const head = (value: unknown) => {
  const read = recordHead(bytes(value))
  const ecosystems = recordEcosystems(bytes(value))
  return read === null || ecosystems === null ? null : { ...read, ecosystems }
}

describe('recordHead', () => {
  it("reads each corpus record's id, modified and ecosystems as JSON.parse does", () => {
    let read = 0
    for (const name of ['npm', 'maven', 'pypi']) {
      const lines = gunzipSync(readFileSync(join(corpusDir, 'osv', `${name}.jsonl.gz`)))
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
      for (const line of lines) {
        const parsed = JSON.parse(line) as {
          id: string
          modified: string
          affected?: { package?: { ecosystem?: string } }[]
        }
        const got = head(line)
        expect(got, parsed.id).not.toBeNull()
        expect(got!.id).toBe(parsed.id)
        expect(got!.modified).toBe(parsed.modified)
        const ecosystems = new Set((parsed.affected ?? []).map((a) => a.package?.ecosystem))
        expect(new Set(got!.ecosystems)).toEqual(ecosystems)
        read++
      }
    }
    expect(read).toBeGreaterThan(3000)
  })

  it('finds the keys wherever they stand, past strings, objects and arrays holding look-alikes', () => {
    const text = JSON.stringify({
      details: 'a "quoted" \\ text with "id":"NOT-THIS" inside',
      database_specific: { id: 'NESTED', modified: '1999-01-01T00:00:00Z', list: [{ a: [1, 2, '}]'] }] },
      score: 9.8,
      flag: true,
      none: null,
      id: 'GHSA-aaaa-bbbb-cccc',
      affected: [
        { package: { ecosystem: 'npm', name: 'x' } },
        { package: { ecosystem: 'Maven', name: 'g:a' } },
      ],
      modified: '2024-05-01T10:00:00.123456Z',
    })
    expect(head(text)).toEqual({
      id: 'GHSA-aaaa-bbbb-cccc',
      modified: '2024-05-01T10:00:00.123456Z',
      ecosystems: ['npm', 'Maven'],
    })
    expect(head(`  \n{ "id" : "X-1" ,\n "modified" : "2024-01-01T00:00:00Z" }\r`)).toEqual({
      id: 'X-1',
      modified: '2024-01-01T00:00:00Z',
      ecosystems: [],
    })
  })

  it('answers null where it cannot be sure, for the parser to decide', () => {
    expect(head({ id: 'X\\u0031', modified: '2024-01-01T00:00:00Z' })).toBeNull()
    expect(head('{"id":"X\\u0031","modified":"2024-01-01T00:00:00Z"}')).toBeNull()
    expect(head({ id: 7, modified: '2024-01-01T00:00:00Z' })).toBeNull()
    expect(head({ id: 'X-1' })).toBeNull()
    expect(head('{"id":"X-1","id":"X-2","modified":"2024-01-01T00:00:00Z"}')).toBeNull()
    expect(head('[{"id":"X-1","modified":"2024-01-01T00:00:00Z"}]')).toBeNull()
    expect(head('{"id":"X-1","modified":"2024-01-01T0')).toBeNull()
    expect(head('{"summary":"never closed')).toBeNull()
    expect(head('not json')).toBeNull()
    expect(
      head({ id: 'X-1', modified: '2024-01-01T00:00:00Z', affected: [{ package: { ecosystem: 'n\\pm' } }] }),
    ).toBeNull()
  })
})
