// Per-host concurrency limit for registry requests (DESIGN §4 datasources: "concurrency limits live
// once, in the datasource facade"). A slot is held for one attempt only, never while backing off.

/** A counting semaphore: at most `limit` holders at once, the rest wait in arrival order. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await work()
    } finally {
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

  run<T>(url: URL, work: () => Promise<T>): Promise<T> {
    let semaphore = this.byHost.get(url.host)
    if (!semaphore) {
      semaphore = new Semaphore(this.perHost)
      this.byHost.set(url.host, semaphore)
    }
    return semaphore.run(work)
  }
}
