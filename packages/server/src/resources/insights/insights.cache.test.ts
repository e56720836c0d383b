// The per-report digest cache of the account views (issue 20: a new upload costs one report's read): only
// reports not held are read, in one call; answers keep the order asked for; the bound evicts the oldest
// reports without ever losing what the current call read.
import { describe, expect, it } from 'vitest'
import { ReportDigestCache } from './insights.cache'

const component = (reportUuid: string, name: string) => ({ reportUuid, name })

describe('ReportDigestCache', () => {
  it('reads only the reports it does not hold, and answers in the order asked', async () => {
    const cache = new ReportDigestCache<{ reportUuid: string; name: string }>()
    const reads: string[][] = []
    const read = async (missing: string[]) => {
      reads.push(missing)
      return missing.flatMap((r) => (r === 'empty' ? [] : [component(r, `${r}-1`), component(r, `${r}-2`)]))
    }
    expect((await cache.digestOf(['a', 'b'], read)).map((c) => c.name)).toEqual(['a-1', 'a-2', 'b-1', 'b-2'])
    expect((await cache.digestOf(['c', 'empty', 'b', 'a'], read)).map((c) => c.name)).toEqual([
      'c-1',
      'c-2',
      'b-1',
      'b-2',
      'a-1',
      'a-2',
    ])
    await cache.digestOf(['empty', 'c'], read)
    expect(reads).toEqual([
      ['a', 'b'],
      ['c', 'empty'],
    ])
  })

  it('evicts the oldest reports past its bound, never the ones just read', async () => {
    const cache = new ReportDigestCache<{ reportUuid: string; name: string }>(3)
    let calls = 0
    const read = async (missing: string[]) => {
      calls++
      return missing.flatMap((r) => [component(r, `${r}-1`), component(r, `${r}-2`)])
    }
    expect(await cache.digestOf(['a', 'b', 'c'], read)).toHaveLength(6)
    expect(calls).toBe(1)
    // only the newest report fits: a and b were evicted and are read again, c is held
    expect((await cache.digestOf(['c'], read)).map((c) => c.name)).toEqual(['c-1', 'c-2'])
    expect(calls).toBe(1)
    expect((await cache.digestOf(['a'], read)).map((c) => c.name)).toEqual(['a-1', 'a-2'])
    expect(calls).toBe(2)
  })
})
