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

/**
 * The digest of each report (its components with unexcluded security advisories, insights.repo.ts
 * componentDigest), kept per report: reports are immutable, so after an upload only the new
 * report's digest is read and every other project's is reused (issue 20: invalidated per project rather
 * than per upload). Bounded by the number of components held; the oldest reports go first.
 */
export class ReportDigestCache<C extends { reportUuid: string }> {
  private readonly entries = new Map<string, C[]>()
  private held = 0

  constructor(private readonly maxComponents = 200_000) {}

  /** The digests of `reportUuids` in their order, reading those not held with `read` (in one call). */
  async digestOf(reportUuids: string[], read: (missing: string[]) => Promise<C[]>): Promise<C[]> {
    const found = new Map<string, C[]>()
    const missing: string[] = []
    for (const uuid of reportUuids) {
      const held = this.entries.get(uuid)
      if (held) found.set(uuid, held)
      else missing.push(uuid)
    }
    if (missing.length > 0) {
      for (const uuid of missing) found.set(uuid, [])
      for (const c of await read(missing)) found.get(c.reportUuid)?.push(c)
      for (const uuid of missing) this.put(uuid, found.get(uuid) ?? [])
    }
    return reportUuids.flatMap((uuid) => found.get(uuid) ?? [])
  }

  private put(uuid: string, list: C[]) {
    const old = this.entries.get(uuid)
    if (old) this.held -= old.length
    this.entries.delete(uuid)
    this.entries.set(uuid, list)
    this.held += list.length
    while (this.held > this.maxComponents && this.entries.size > 1) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.held -= this.entries.get(oldest.value)?.length ?? 0
      this.entries.delete(oldest.value)
    }
  }
}
