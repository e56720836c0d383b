// Row pairing for report diffs (spec report-page §5 "History comparison matches components by name and
// version"): exact (language, name, version) matches first, then the rest by (language, name).

/**
 * Pairs rows of two lists: first by (language, name, version), then what is left by (language, name),
 * so that an upgraded component keeps its findings' identity. Answers pairs and the unpaired rows.
 */
export function pairRows<T>(
  older: readonly T[],
  newer: readonly T[],
  keyOf: (row: T) => { group: string; version: string },
): { pairs: [T, T][]; removed: T[]; added: T[] } {
  const pairs: [T, T][] = []
  const rest = new Map<string, T[]>()
  const exact = new Map<string, T[]>()
  for (const row of older) {
    const k = keyOf(row)
    const key = `${k.group}\n${k.version}`
    exact.set(key, [...(exact.get(key) ?? []), row])
  }
  const unpairedNew: T[] = []
  for (const row of newer) {
    const k = keyOf(row)
    const list = exact.get(`${k.group}\n${k.version}`)
    const match = list?.shift()
    if (match !== undefined) pairs.push([match, row])
    else unpairedNew.push(row)
  }
  for (const list of exact.values())
    for (const row of list) rest.set(keyOf(row).group, [...(rest.get(keyOf(row).group) ?? []), row])
  const added: T[] = []
  for (const row of unpairedNew) {
    const match = rest.get(keyOf(row).group)?.shift()
    if (match !== undefined) pairs.push([match, row])
    else added.push(row)
  }
  return { pairs, removed: [...rest.values()].flat(), added }
}
