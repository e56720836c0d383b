// The findings table's rows on the wire, column by column (issue 19 acceptance 4: 20,000 findings on
// the page within 1.5 s). One array per column instead of one object per row, and every text (names,
// versions, titles, paths...) once in `strings`, the columns holding its index: 20,000 rows are about
// 2 MB of JSON instead of 11 MB, and JSON.parse makes 20 arrays of numbers instead of 20,000 objects.
//
// Why the columns are checked by hand-written loops rather than zod's z.array(z.int()): the page's CSP
// forbids `new Function`, so zod runs interpreted (contract browser-parsing.ts), one call per element;
// over 20 columns × 20,000 rows that was most of a second of the first render. The loops below check
// the same things (every index an integer within `strings`, every number a number, every flag 0 or 1,
// every column as long as `count`, severities and states from their lists) in a few milliseconds.
import { z } from 'zod'
import { findingStateSchema } from './triage'

export const FINDING_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE'] as const
export const FINDING_STATES = ['not_set', ...findingStateSchema.options] as const

/** One row of the findings table, as the page and the CSV show it (decoded from the columns). */
export interface FindingRowDto {
  /** `language/name@version#adviceId` (engine findingKey): names the row to the CSV and triage routes. */
  key: string
  name: string
  language: string
  version: string
  adviceId: string
  cve: string | null
  title: string
  severity: (typeof FINDING_SEVERITIES)[number]
  cvss: number | null
  epss: number | null
  kev: boolean
  safeVersion: string | null
  direct: boolean
  scope: string
  state: (typeof FINDING_STATES)[number]
  justification: string | null
  excluded: boolean
  expired: string | null
  isNew: boolean
  introducedThrough: string
}

const TEXT = [
  'name',
  'language',
  'version',
  'adviceId',
  'title',
  'severity',
  'scope',
  'state',
  'introducedThrough',
] as const
const NULLABLE_TEXT = ['cve', 'safeVersion', 'justification', 'expired'] as const
const NUMBERS = ['cvss', 'epss'] as const
const FLAGS = ['kev', 'direct', 'excluded', 'isNew'] as const
type TextField = (typeof TEXT)[number] | (typeof NULLABLE_TEXT)[number]

const isArrayOf = (value: unknown, ok: (v: unknown) => boolean): boolean => {
  if (!Array.isArray(value)) return false
  for (let i = 0; i < value.length; i++) if (!ok(value[i])) return false
  return true
}
const isIndex = (v: unknown) => Number.isInteger(v) && (v as number) >= -1
const isNumberOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v))
const isFlag = (v: unknown) => v === 0 || v === 1

const indexColumn = (description: string) =>
  z
    .custom<number[]>((v) => isArrayOf(v, isIndex), { message: 'Expected an array of string indexes' })
    .meta({ description, type: 'array', items: { type: 'integer', minimum: -1 } } as never)
const numberColumn = (description: string) =>
  z
    .custom<(number | null)[]>((v) => isArrayOf(v, isNumberOrNull), {
      message: 'Expected an array of numbers or null',
    })
    .meta({ description, type: 'array', items: { type: ['number', 'null'] } } as never)
const flagColumn = (description: string) =>
  z
    .custom<(0 | 1)[]>((v) => isArrayOf(v, isFlag), { message: 'Expected an array of 0 and 1' })
    .meta({ description, type: 'array', items: { enum: [0, 1] } } as never)

const text = 'index into strings'
const nullable = 'index into strings, -1 for none'
export const findingColumnsSchema = z.object({
  name: indexColumn(`component name: ${text}`),
  language: indexColumn(`ecosystem: ${text}`),
  version: indexColumn(`component version: ${text}`),
  adviceId: indexColumn(`advisory id: ${text}`),
  title: indexColumn(`first line of the advisory text: ${text}`),
  severity: indexColumn(`${FINDING_SEVERITIES.join(' | ')}: ${text}`),
  scope: indexColumn(`scope: ${text}`),
  state: indexColumn(`analysis state (${FINDING_STATES.join(' | ')}): ${text}`),
  cve: indexColumn(`CVE id: ${nullable}`),
  safeVersion: indexColumn(`lowest lane's safe version: ${nullable}`),
  justification: indexColumn(`analysis justification: ${nullable}`),
  expired: indexColumn(`date its exclusion expired: ${nullable}`),
  introducedThrough: indexColumn(`"a@1 › b@2 › c@3", empty when direct: ${text}`),
  cvss: numberColumn('CVSS score or null'),
  epss: numberColumn('EPSS probability (0-1) or null'),
  kev: flagColumn('1: in the KEV catalogue'),
  direct: flagColumn('1: a direct dependency'),
  excluded: flagColumn('1: an exclusion silences it in this report'),
  isNew: flagColumn('1: not in the previous report of the branch'),
})
export type FindingColumnsDto = z.infer<typeof findingColumnsSchema>

/** The answer's envelope, once the columns' own checks passed: lengths, index ranges, the enums. */
function checkColumns(
  answer: { count: number; strings: string[]; columns: FindingColumnsDto },
  ctx: z.RefinementCtx,
): void {
  const { count, strings, columns } = answer
  for (const [field, column] of Object.entries(columns) as [string, unknown[]][])
    if (column.length !== count)
      ctx.addIssue({ code: 'custom', path: ['columns', field], message: `Expected ${count} values` })
  for (const field of [...TEXT, ...NULLABLE_TEXT] as TextField[]) {
    const column = columns[field]
    const least = (NULLABLE_TEXT as readonly string[]).includes(field) ? -1 : 0
    const at = column.findIndex((i) => i < least || i >= strings.length)
    if (at >= 0)
      ctx.addIssue({ code: 'custom', path: ['columns', field, at], message: 'Not an index into strings' })
  }
  for (const [field, allowed] of [
    ['severity', FINDING_SEVERITIES],
    ['state', FINDING_STATES],
  ] as const) {
    const ok = strings.map((s) => (allowed as readonly string[]).includes(s))
    const at = columns[field].findIndex((i) => !ok[i])
    if (at >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['columns', field, at],
        message: `Not one of ${allowed.join(', ')}`,
      })
  }
}

/** GET /api/v2/findings: the rows of a report column by column (decode with `findingRowsOf`). */
export const findingsAnswerSchema = z
  .object({
    reportUuid: z.string(),
    /** Whether a previous report of the branch exists (else nothing is "new"). */
    hasPrevious: z.boolean(),
    /** How many rows; every column holds this many values. */
    count: z.number().int().min(0),
    /** Every text of the rows once; the text columns hold indexes into it. */
    strings: z
      .custom<string[]>((v) => isArrayOf(v, (s) => typeof s === 'string'), {
        message: 'Expected an array of strings',
      })
      .meta({ type: 'array', items: { type: 'string' } } as never),
    columns: findingColumnsSchema,
  })
  .superRefine(checkColumns)
export type FindingsAnswerDto = z.infer<typeof findingsAnswerSchema>

/** The rows in columns, each text once (the server's side of the answer). */
export function findingColumnsOf(rows: readonly Omit<FindingRowDto, 'key'>[]): {
  count: number
  strings: string[]
  columns: FindingColumnsDto
} {
  const strings: string[] = []
  const index = new Map<string, number>()
  const at = (s: string | null) => {
    if (s === null) return -1
    let i = index.get(s)
    if (i === undefined) {
      i = strings.length
      strings.push(s)
      index.set(s, i)
    }
    return i
  }
  const columns = {} as Record<string, unknown[]>
  for (const field of [...TEXT, ...NULLABLE_TEXT]) columns[field] = rows.map((r) => at(r[field]))
  for (const field of NUMBERS) columns[field] = rows.map((r) => r[field])
  for (const field of FLAGS) columns[field] = rows.map((r) => (r[field] ? 1 : 0))
  return { count: rows.length, strings, columns: columns as FindingColumnsDto }
}

/** The rows of a (checked) answer, each with its key. */
export function findingRowsOf(
  answer: Pick<FindingsAnswerDto, 'count' | 'strings' | 'columns'>,
): FindingRowDto[] {
  const { count, strings: s, columns: c } = answer
  const text = (i: number) => (i < 0 ? null : s[i]!)
  const rows: FindingRowDto[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const name = s[c.name[i]!]!
    const language = s[c.language[i]!]!
    const version = s[c.version[i]!]!
    const adviceId = s[c.adviceId[i]!]!
    rows[i] = {
      key: `${language}/${name}@${version}#${adviceId}`,
      name,
      language,
      version,
      adviceId,
      cve: text(c.cve[i]!),
      title: s[c.title[i]!]!,
      severity: s[c.severity[i]!] as FindingRowDto['severity'],
      cvss: c.cvss[i]!,
      epss: c.epss[i]!,
      kev: c.kev[i] === 1,
      safeVersion: text(c.safeVersion[i]!),
      direct: c.direct[i] === 1,
      scope: s[c.scope[i]!]!,
      state: s[c.state[i]!] as FindingRowDto['state'],
      justification: text(c.justification[i]!),
      excluded: c.excluded[i] === 1,
      expired: text(c.expired[i]!),
      isNew: c.isNew[i] === 1,
      introducedThrough: s[c.introducedThrough[i]!]!,
    }
  }
  return rows
}
