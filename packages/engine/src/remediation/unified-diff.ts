// A unified diff of one file's change (issue 19 "Downloadable as a patch"), as `git apply` and `patch -p1`
// read it: `--- a/<path>` / `+++ b/<path>`, hunks with 3 lines of context, nearby hunks merged.
// Written here (no diff library is a dependency; the changes are a few lines in a manifest): common
// leading and trailing lines are set aside and the rest is compared by longest common subsequence.

const CONTEXT = 3
/** Beyond this many compared line pairs, the changed middle is written as one replacement. */
const LCS_LIMIT = 4_000_000

type Op = { kind: ' ' | '-' | '+'; line: string }

function linesOf(text: string): { lines: string[]; newline: boolean } {
  const newline = text.endsWith('\n')
  const lines = text.split('\n')
  if (newline) lines.pop()
  return { lines, newline }
}

function middleOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length
  const m = b.length
  if (n * m > LCS_LIMIT)
    return [
      ...a.map((line) => ({ kind: '-' as const, line })),
      ...b.map((line) => ({ kind: '+' as const, line })),
    ]
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], in one array
  const lcs = new Uint32Array((n + 1) * (m + 1))
  const at = (i: number, j: number) => i * (m + 1) + j
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[at(i, j)] =
        a[i] === b[j] ? lcs[at(i + 1, j + 1)]! + 1 : Math.max(lcs[at(i + 1, j)]!, lcs[at(i, j + 1)]!)
  const ops: Op[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! })
      i++
      j++
    } else if (i < n && (j === m || lcs[at(i + 1, j)]! >= lcs[at(i, j + 1)]!))
      ops.push({ kind: '-', line: a[i++]! })
    else ops.push({ kind: '+', line: b[j++]! })
  }
  return ops
}

/** The diff of `before` → `after` for `path`; '' when they are equal. */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return ''
  const A = linesOf(before)
  const B = linesOf(after)
  const a = A.lines
  const b = B.lines
  // when only one of them ends with a newline, their last lines differ (and are written as changed)
  const differ = A.newline !== B.newline
  let prefix = 0
  while (
    prefix < a.length &&
    prefix < b.length &&
    a[prefix] === b[prefix] &&
    !(differ && (prefix === a.length - 1 || prefix === b.length - 1))
  )
    prefix++
  let suffix = 0
  while (
    !differ &&
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++
  const ops: Op[] = [
    ...a.slice(0, prefix).map((line) => ({ kind: ' ' as const, line })),
    ...middleOps(a.slice(prefix, a.length - suffix), b.slice(prefix, b.length - suffix)),
    ...a.slice(a.length - suffix).map((line) => ({ kind: ' ' as const, line })),
  ]
  // line numbers of each op in the old and the new file
  const oldAt: number[] = []
  const newAt: number[] = []
  let o = 1
  let w = 1
  for (const op of ops) {
    oldAt.push(o)
    newAt.push(w)
    if (op.kind !== '+') o++
    if (op.kind !== '-') w++
  }
  // hunks: runs of changes less than twice the context apart, each with its context around
  const ranges: [number, number][] = []
  ops.forEach((op, k) => {
    if (op.kind === ' ') return
    const last = ranges.at(-1)
    if (last && k - last[1] <= 2 * CONTEXT) last[1] = k
    else ranges.push([k, k])
  })
  const out = [`--- a/${path}`, `+++ b/${path}`]
  for (const [first, last] of ranges) {
    const from = Math.max(0, first - CONTEXT)
    const to = Math.min(ops.length - 1, last + CONTEXT)
    const slice = ops.slice(from, to + 1)
    const oldCount = slice.filter((op) => op.kind !== '+').length
    const newCount = slice.filter((op) => op.kind !== '-').length
    const oldStart = oldCount === 0 ? oldAt[from]! - 1 : oldAt[from]!
    const newStart = newCount === 0 ? newAt[from]! - 1 : newAt[from]!
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`)
    slice.forEach((op, k) => {
      out.push(`${op.kind}${op.line}`)
      const index = from + k
      // the last line of a file without a final newline says so
      const lastOld = op.kind !== '+' && !A.newline && oldAt[index] === a.length
      const lastNew = op.kind === '+' && !B.newline && newAt[index] === b.length
      if (lastOld || lastNew) out.push('\\ No newline at end of file')
    })
  }
  return `${out.join('\n')}\n`
}
