// The metadata cache writer (issue 20 "write the metadata cache in batches"): bounded statements, one
// at a time, adders held back while a full batch waits, every row released, failures surfaced.
import { describe, expect, it } from 'vitest'
import { MetadataWriter } from './metadata-writer'
import type { CacheWriteRow } from './package-metadata.repo'

const row = (name: string, bytes = 0): CacheWriteRow => ({
  registry: 'https://registry.example/',
  ecosystem: 'npm',
  name,
  fetchedAt: new Date(0),
  expiresAt: new Date(1),
  write:
    bytes > 0
      ? {
          kind: 'document',
          etag: null,
          packed: Buffer.alloc(bytes),
        }
      : { kind: 'not-found' },
})

/** A write whose statements end when the test says so. */
function gatedWrite() {
  const statements: string[][] = []
  const gates: (() => void)[] = []
  let running = 0
  let mostAtOnce = 0
  const write = async (rows: CacheWriteRow[]) => {
    running++
    mostAtOnce = Math.max(mostAtOnce, running)
    statements.push(rows.map((r) => r.name))
    await new Promise<void>((resolve) => gates.push(resolve))
    running--
  }
  const openAll = async () => {
    while (gates.length > 0) {
      gates.shift()?.()
      await new Promise((r) => setImmediate(r))
    }
  }
  return { write, statements, openAll, mostAtOnce: () => mostAtOnce }
}

describe('MetadataWriter', () => {
  it('writes statements of at most `rows` rows, one at a time, and holds adders back meanwhile', async () => {
    const w = gatedWrite()
    const writer = new MetadataWriter(w.write, { rows: 2 })
    const released: string[] = []
    const adds = ['a', 'b', 'c', 'd', 'e'].map((n) => writer.add(row(n), () => released.push(n)))
    await new Promise((r) => setImmediate(r))
    // a + b fill a statement, which runs; c + d fill the next, which waits for it, as does e.
    expect(w.statements).toEqual([['a', 'b']])
    const settled: string[] = []
    adds.forEach((a, i) => void a.then(() => settled.push('abcde'[i] as string)))
    await new Promise((r) => setImmediate(r))
    expect(settled.sort()).toEqual(['a', 'c']) // they did not fill a batch: back at once
    expect(released).toEqual([])
    await w.openAll()
    await Promise.all(adds)
    const closing = writer.close()
    await w.openAll()
    await closing
    expect(w.statements).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    expect(released.sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(w.mostAtOnce()).toBe(1)
  })

  it('starts a statement once the packed documents reach `bytes`', async () => {
    const statements: string[][] = []
    const writer = new MetadataWriter(
      async (rows) => {
        statements.push(rows.map((r) => r.name))
      },
      { rows: 100, bytes: 1000 },
    )
    for (const [name, bytes] of [
      ['a', 400],
      ['b', 400],
      ['c', 300],
      ['d', 0],
      ['e', 900],
      ['f', 200],
    ] as const)
      await writer.add(row(name, bytes), () => {})
    await writer.close()
    expect(statements).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ])
  })

  it('releases the rows of a failed statement, goes on with the rest and throws at close', async () => {
    const written: string[] = []
    const released: string[] = []
    const writer = new MetadataWriter(
      async (rows) => {
        if (rows.some((r) => r.name === 'bad')) throw new Error('disk full')
        written.push(...rows.map((r) => r.name))
      },
      { rows: 2 },
    )
    for (const name of ['a', 'bad', 'c', 'd']) await writer.add(row(name), () => released.push(name))
    await expect(writer.close()).rejects.toThrow('disk full')
    expect(written).toEqual(['c', 'd'])
    expect(released).toEqual(['a', 'bad', 'c', 'd'])
  })
})
