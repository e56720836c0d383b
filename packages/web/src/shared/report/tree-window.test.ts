import { describe, expect, it, vi } from 'vitest'
import { openTreeWindow, searchTreeWindow, type TreeWindowLike, treeWindowUrl } from './tree-window'

/** A clock whose sleep advances time at once, recording each wait. */
function fakeClock() {
  let now = 0
  const waits: number[] = []
  return {
    waits,
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms)
      now += ms
    },
  }
}

describe('searchTreeWindow', () => {
  it('retries every second while the tree is not loaded, then finds the target', async () => {
    const clock = fakeClock()
    const target: TreeWindowLike = { closed: false, focus: () => undefined }
    const search = vi.fn((query: string) => query === 'qs')
    // the tree becomes ready after 3 s
    const sleep = clock.sleep
    clock.sleep = async (ms) => {
      await sleep(ms)
      if (clock.now() >= 3_000) target.sextantTree = { search }
    }
    expect(await searchTreeWindow(target, 'qs', clock)).toBe('found')
    expect(clock.waits).toEqual([1_000, 1_000, 1_000])
    expect(search).toHaveBeenCalledTimes(1)
  })

  it('keeps retrying a target that is not found yet, and stops after 60 s', async () => {
    const clock = fakeClock()
    const search = vi.fn(() => false)
    const target: TreeWindowLike = { closed: false, focus: () => undefined, sextantTree: { search } }
    expect(await searchTreeWindow(target, 'missing', clock)).toBe('not-found')
    expect(clock.now()).toBe(60_000)
    expect(search).toHaveBeenCalledTimes(61)
  })

  it("answers 'not-ready' when the tree never loads, and 'closed' when the window is closed", async () => {
    const target: TreeWindowLike = { closed: false, focus: () => undefined }
    expect(await searchTreeWindow(target, 'qs', fakeClock())).toBe('not-ready')
    expect(await searchTreeWindow({ ...target, closed: true }, 'qs', fakeClock())).toBe('closed')
  })
})

describe('openTreeWindow', () => {
  it('opens once and focuses the same window afterwards; another address opens it again', () => {
    const focus = vi.fn()
    const win: TreeWindowLike = { closed: false, focus }
    const open = vi.fn(() => win)
    const url = treeWindowUrl('p-1', 'main', 'eli')
    expect(url).toBe('/projects/tree?pid=p-1&branch=main&mode=eli')
    openTreeWindow(url, 'tree-p-1', open)
    openTreeWindow(url, 'tree-p-1', open)
    expect(open).toHaveBeenCalledTimes(1)
    expect(focus).toHaveBeenCalledTimes(2)
    openTreeWindow(treeWindowUrl('p-1', 'dev', null), 'tree-p-1', open)
    expect(open).toHaveBeenCalledTimes(2)
    win.closed = true
    openTreeWindow(treeWindowUrl('p-1', 'dev', null), 'tree-p-1', open)
    expect(open).toHaveBeenCalledTimes(3)
  })
})
