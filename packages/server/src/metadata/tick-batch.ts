// Collects the calls made within one turn of the event loop and serves them with one batch call
// (issue 18 "one cache"; DESIGN §2): a resolver asking for 40 POMs at once costs one cache query and
// one write, not 40 of each. Written here because it is ten lines (a DataLoader would add a
// dependency for one function); the batch function answers in the order of its input.
export class TickBatch<T, R> {
  private pending: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = []

  constructor(private readonly run: (items: T[]) => Promise<R[]>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush())
      this.pending.push({ item, resolve, reject })
    })
  }

  private flush(): void {
    const batch = this.pending
    this.pending = []
    this.run(batch.map((b) => b.item)).then(
      (results) => {
        for (const [i, b] of batch.entries()) b.resolve(results[i] as R)
      },
      (error: unknown) => {
        for (const b of batch) b.reject(error)
      },
    )
  }
}
