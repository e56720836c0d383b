// A small cache of account-wide answers (spec accounts-and-api §7: the `nocache` parameter of
// /api/v3/reports and the insights call). An entry holds while the account's stamp (its reports and
// project names, insights.repo.ts accountStamp) is unchanged and for at most `ttlMs`, since a
// sinceDaysAgo window moves with the clock; `nocache` recomputes and stores the fresh answer.
export class AnswerCache {
  private readonly entries = new Map<string, { stamp: string; at: number; value: unknown }>()

  constructor(
    private readonly maxEntries = 200,
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get<T>(key: string, stamp: string, nocache: boolean, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (!nocache && hit && hit.stamp === stamp && this.now() - hit.at < this.ttlMs) return hit.value as T
    const value = await compute()
    this.entries.delete(key)
    this.entries.set(key, { stamp, at: this.now(), value })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
    return value
  }
}
