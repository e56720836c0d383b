// Per-host concurrency limit of the outbound client (DESIGN §4 "concurrency limits live once"; issue 18
// item 3). A slot is held for one attempt (until its body is read or dropped), never while backing off.

/** A counting semaphore: at most `limit` holders at once, the rest wait in arrival order. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  /** Waits for a slot; answers its release (calling it twice releases once). */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    let released = false
    return () => {
      if (released) return
      released = true
      // Hand the slot straight to the next waiter (active stays the same), or give it back.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}

/** One semaphore per URL host (`registry.npmjs.org`, `127.0.0.1:4873`). */
export class HostLimiter {
  private readonly byHost = new Map<string, Semaphore>()

  constructor(private readonly perHost: number) {}

  acquire(url: URL): Promise<() => void> {
    let semaphore = this.byHost.get(url.host)
    if (!semaphore) {
      semaphore = new Semaphore(this.perHost)
      this.byHost.set(url.host, semaphore)
    }
    return semaphore.acquire()
  }
}
