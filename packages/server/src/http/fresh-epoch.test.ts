// freshEpochReader (issue 13 item 15, acceptance 4): every caller gets a read that started after its call,
// concurrent callers share reads, and a failed read fails only its own waiters.
import { describe, expect, it } from 'vitest'
import { freshEpochReader, freshReaderByKey } from './fresh-epoch'

/** A read whose answers the test releases by hand; each read answers the epoch as it was when it started. */
function manualStore() {
  let epoch = 0
  const pending: { release: () => void; fail: (e: Error) => void }[] = []
  const starts: number[] = []
  const read = () =>
    new Promise<string>((resolve, reject) => {
      const seen = String(epoch)
      starts.push(epoch)
      pending.push({ release: () => resolve(seen), fail: reject })
    })
  const releaseAll = async () => {
    while (pending.length) {
      pending.shift()!.release()
      await new Promise((r) => setTimeout(r, 0))
    }
  }
  return { read, starts, pending, releaseAll, bump: () => void epoch++ }
}

describe('freshEpochReader', () => {
  it('reads once for a lone caller', async () => {
    const store = manualStore()
    const epochOf = freshEpochReader(store.read)
    const got = epochOf()
    await store.releaseAll()
    expect(await got).toBe('0')
    expect(store.starts).toHaveLength(1)
  })

  it('never answers a caller with a read that started before its call, so a revocation is seen at once', async () => {
    const store = manualStore()
    const epochOf = freshEpochReader(store.read)
    const first = epochOf() // read #1 starts under epoch 0
    store.bump() // a logout commits while read #1 runs
    const later = Array.from({ length: 50 }, () => epochOf())
    await store.releaseAll()
    expect(await first).toBe('0')
    // All 50 callers came after the bump: they share read #2, which started after it.
    expect(new Set(await Promise.all(later))).toEqual(new Set(['1']))
    expect(store.starts).toEqual([0, 1])
  })

  it('starts a new read for callers after the shared one ended', async () => {
    const store = manualStore()
    const epochOf = freshEpochReader(store.read)
    const a = epochOf()
    await store.releaseAll()
    await a
    store.bump()
    const b = epochOf()
    await store.releaseAll()
    expect(await b).toBe('1')
    expect(store.starts).toEqual([0, 1])
  })

  it('fails the waiters of a failed read and reads again for the next caller', async () => {
    const store = manualStore()
    const epochOf = freshEpochReader(store.read)
    const a = epochOf()
    const b = epochOf()
    store.pending.shift()!.fail(new Error('database gone'))
    await expect(a).rejects.toThrow('database gone')
    await new Promise((r) => setTimeout(r, 0))
    await store.releaseAll()
    expect(await b).toBe('0')
    const c = epochOf()
    await store.releaseAll()
    expect(await c).toBe('0')
    expect(store.starts).toHaveLength(3)
  })
})

describe('freshReaderByKey', () => {
  it('shares reads per key only, each caller answered by a read that started after its call', async () => {
    const versions = new Map([
      ['a', 0],
      ['b', 0],
    ])
    const started: string[] = []
    const pending: (() => void)[] = []
    const latestOf = freshReaderByKey(
      (key) =>
        new Promise<string>((resolve) => {
          const seen = `${key}${versions.get(key)}`
          started.push(seen)
          pending.push(() => resolve(seen))
        }),
    )
    const releaseAll = async () => {
      while (pending.length) {
        pending.shift()!()
        await new Promise((r) => setTimeout(r, 0))
      }
    }
    const a1 = latestOf('a')
    const b1 = latestOf('b')
    versions.set('a', 1) // a new report of 'a' is stored while its first read runs
    const later = Array.from({ length: 20 }, () => latestOf('a'))
    await releaseAll()
    expect([await a1, await b1]).toEqual(['a0', 'b0'])
    expect(new Set(await Promise.all(later))).toEqual(new Set(['a1']))
    expect(started).toEqual(['a0', 'b0', 'a1'])
    // nothing running: the next caller reads again
    versions.set('b', 1)
    const b2 = latestOf('b')
    await releaseAll()
    expect(await b2).toBe('b1')
  })
})
