// The dependency-tree window (report-page §2 Routes "/projects/tree … re-opening focuses the existing
// window"; §4 "Dependency tree search: retries every second for up to 60 seconds until the tree window is
// ready"; §9 time-out 60000 ms, retry 1000 ms). The report page opens the window once and focuses it
// afterwards; a search is handed to the window through the function the tree page exposes on itself
// (same origin), retried until the tree is loaded and holds the target, or until the time-out.

export const TREE_SEARCH_RETRY_MS = 1_000
export const TREE_SEARCH_TIMEOUT_MS = 60_000

/** What the tree page exposes on its window once its tree is built. */
export interface TreeSearchApi {
  /** Shows the paths to the target; true when some component matches it. */
  search(target: string): boolean
}

export interface TreeWindowLike {
  closed: boolean
  focus(): void
  sextantTree?: TreeSearchApi
}

export type TreeSearchOutcome = 'found' | 'not-found' | 'not-ready' | 'closed'

interface Clock {
  now(): number
  sleep(ms: number): Promise<void>
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** Tries at once, then every retryMs: 'found' as soon as it is, else the last state at the time-out. */
export async function searchTreeWindow(
  target: TreeWindowLike,
  query: string,
  clock: Clock = realClock,
  retryMs = TREE_SEARCH_RETRY_MS,
  timeoutMs = TREE_SEARCH_TIMEOUT_MS,
): Promise<TreeSearchOutcome> {
  const start = clock.now()
  for (;;) {
    if (target.closed) return 'closed'
    const api = target.sextantTree
    const outcome: TreeSearchOutcome = api ? (api.search(query) ? 'found' : 'not-found') : 'not-ready'
    if (outcome === 'found') return outcome
    if (clock.now() - start + retryMs > timeoutMs) return outcome
    await clock.sleep(retryMs)
  }
}

export const treeWindowName = (projectId: string) => `sextant-tree-${projectId}`

const opened = new Map<string, { url: string; window: TreeWindowLike }>()

export function treeWindowUrl(pid: string, branch: string, mode: string | null): string {
  const query = new URLSearchParams({ pid, branch })
  if (mode) query.set('mode', mode)
  return `/projects/tree?${query.toString()}`
}

/**
 * Opens the project's tree window, or focuses it when this page opened it before and it is still open on
 * the same address (window.open on a named window would load it again).
 */
export function openTreeWindow(
  url: string,
  name: string,
  open: (url: string, name: string) => TreeWindowLike | null = (u, n) => window.open(u, n),
): TreeWindowLike | null {
  const known = opened.get(name)
  if (known && !known.window.closed && known.url === url) {
    known.window.focus()
    return known.window
  }
  const fresh = open(url, name)
  if (fresh) {
    opened.set(name, { url, window: fresh })
    fresh.focus()
  }
  return fresh
}
