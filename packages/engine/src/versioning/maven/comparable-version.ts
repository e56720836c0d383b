// Maven version ordering: org.apache.maven.artifact.versioning.ComparableVersion as of Maven 3.9
// (DESIGN §4 versioning). Maven 4 differs: it parses only ASCII digits (3.9 uses Character.isDigit,
// so `٨` is the number 8), keeps `X-1` together as one "combination" item and normalises nulls before
// string qualifiers differently (`1.0.final-redhat` vs `1.0-sp1-redhat`). Those vectors are documented in the corpus test.

/** One parsed item: a number (digits kept as a canonical decimal string), a qualifier, or a sub-list. */
export type MavenVersionItem =
  | { kind: 'int'; digits: string }
  | { kind: 'string'; value: string }
  | { kind: 'list'; items: MavenVersionItem[] }

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp']
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' }
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''))

const DIGIT = /\p{Nd}/u

/** Java's Character.isDigit: any Unicode decimal digit. */
function isDigit(ch: string): boolean {
  return DIGIT.test(ch)
}

/** Numeric value of a Unicode decimal digit (decimal digits come in contiguous runs of ten from zero). */
function digitValue(ch: string): number {
  const cp = ch.codePointAt(0) ?? 48
  if (cp >= 48 && cp <= 57) return cp - 48
  let start = cp
  while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--
  return (cp - start) % 10
}

function intItem(text: string): MavenVersionItem {
  const ascii = Array.from(text, (ch) => String(digitValue(ch))).join('')
  const stripped = ascii.replace(/^0+/, '')
  return { kind: 'int', digits: stripped === '' ? '0' : stripped }
}

function stringItem(raw: string, followedByDigit: boolean): MavenVersionItem {
  let value = raw
  if (followedByDigit && value.length === 1) {
    // a1 = alpha-1, b1 = beta-1, m1 = milestone-1
    if (value === 'a') value = 'alpha'
    else if (value === 'b') value = 'beta'
    else if (value === 'm') value = 'milestone'
  }
  return { kind: 'string', value: ALIASES[value] ?? value }
}

function parseItem(digit: boolean, text: string): MavenVersionItem {
  return digit ? intItem(text) : stringItem(text, false)
}

function isNullItem(item: MavenVersionItem): boolean {
  if (item.kind === 'int') return item.digits === '0'
  if (item.kind === 'string') return item.value === ''
  return item.items.length === 0
}

/** Removes trailing null items (0, "", empty list) up to the first non-null non-list item. */
function normalize(list: MavenVersionItem[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const last = list[i] as MavenVersionItem
    if (isNullItem(last)) list.splice(i, 1)
    else if (last.kind !== 'list') break
  }
}

/** Parses a version string the way ComparableVersion.parseVersion (3.9) does. Accepts any string. */
export function parseMavenVersion(version: string): MavenVersionItem[] {
  const text = version.toLowerCase()
  const chars = Array.from(text)
  const root: MavenVersionItem[] = []
  let list = root
  const stack: MavenVersionItem[][] = [root]
  const push = (): void => {
    const next: MavenVersionItem[] = []
    list.push({ kind: 'list', items: next })
    list = next
    stack.push(next)
  }
  let digit = false
  let start = 0
  const slice = (from: number, to?: number): string => chars.slice(from, to).join('')
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string
    if (c === '.') {
      list.push(i === start ? { kind: 'int', digits: '0' } : parseItem(digit, slice(start, i)))
      start = i + 1
    } else if (c === '-') {
      list.push(i === start ? { kind: 'int', digits: '0' } : parseItem(digit, slice(start, i)))
      start = i + 1
      push()
    } else if (isDigit(c)) {
      if (!digit && i > start) {
        // 1.0.0.X1 < 1.0.0-X2: treat .X as -X for any string qualifier X
        if (list.length > 0) push()
        list.push(stringItem(slice(start, i), true))
        start = i
        push()
      }
      digit = true
    } else {
      if (digit && i > start) {
        list.push(parseItem(true, slice(start, i)))
        start = i
        push()
      }
      digit = false
    }
  }
  if (chars.length > start) {
    if (!digit && list.length > 0) push()
    list.push(parseItem(digit, slice(start)))
  }
  for (let i = stack.length - 1; i >= 0; i--) normalize(stack[i] as MavenVersionItem[])
  return root
}

function comparableQualifier(q: string): string {
  const i = QUALIFIERS.indexOf(q)
  return i === -1 ? `${QUALIFIERS.length}-${q}` : String(i)
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1
  return compareStrings(a, b)
}

function compareItem(a: MavenVersionItem, b: MavenVersionItem | null): number {
  if (a.kind === 'int') {
    if (b === null) return a.digits === '0' ? 0 : 1
    if (b.kind === 'int') return compareDigits(a.digits, b.digits)
    return 1 // 1.1 > 1-sp, 1.1 > 1-1
  }
  if (a.kind === 'string') {
    // 1-rc < 1, 1-ga > 1
    if (b === null) return compareStrings(comparableQualifier(a.value), RELEASE_INDEX)
    if (b.kind === 'string') return compareStrings(comparableQualifier(a.value), comparableQualifier(b.value))
    return -1 // 1.any < 1.1, 1.any < 1-1
  }
  if (b === null) {
    // MNG-6964: the whole list against null, not just its first item
    for (const item of a.items) {
      const r = compareItem(item, null)
      if (r !== 0) return r
    }
    return 0
  }
  if (b.kind === 'int') return -1 // 1-1 < 1.0.x
  if (b.kind === 'string') return 1 // 1-1 > 1-sp
  return compareLists(a.items, b.items)
}

function compareLists(left: MavenVersionItem[], right: MavenVersionItem[]): number {
  const n = Math.max(left.length, right.length)
  for (let i = 0; i < n; i++) {
    const l = left[i] ?? null
    const r = right[i] ?? null
    const result = l === null ? (r === null ? 0 : -1 * compareItem(r, null)) : compareItem(l, r)
    if (result !== 0) return result
  }
  return 0
}

/** Orders two Maven versions: negative, zero or positive (ComparableVersion.compareTo, Maven 3.9). */
export function compareMavenVersions(a: string, b: string): number {
  const r = compareLists(parseMavenVersion(a), parseMavenVersion(b))
  return r < 0 ? -1 : r > 0 ? 1 : 0
}

/** The canonical form Maven prints for a version (ComparableVersion.getCanonical), useful for equality keys. */
export function canonicalMavenVersion(version: string): string {
  const render = (items: MavenVersionItem[]): string => {
    let out = ''
    for (const item of items) {
      if (out !== '') out += item.kind === 'list' ? '-' : '.'
      out += item.kind === 'int' ? item.digits : item.kind === 'string' ? item.value : render(item.items)
    }
    return out
  }
  return render(parseMavenVersion(version))
}

/** True when any qualifier sorts before a release (alpha, beta, milestone, rc/cr, snapshot). */
export function isMavenPrerelease(version: string): boolean {
  const releaseRank = Number(RELEASE_INDEX)
  const visit = (items: MavenVersionItem[]): boolean =>
    items.some((item) => {
      if (item.kind === 'list') return visit(item.items)
      if (item.kind !== 'string') return false
      const i = QUALIFIERS.indexOf(item.value)
      return i !== -1 && i < releaseRank
    })
  return visit(parseMavenVersion(version))
}
