// Reads a SARIF 2.1.0 file from any static-analysis tool (OASIS SARIF 2.1.0; issue 17 "Static-analysis
// reports"): each run's tool and rules, and each result's rule, level, message, file and line. Strict
// about what makes it SARIF (version 2.1.0, runs), lenient inside: a result without a rule id takes its
// rule index's id, a missing level the rule's default level, else 'warning' (SARIF §3.27.10). Bounded:
// MAX_RESULTS results, messages cut at MAX_MESSAGE characters.
import type { SarifLevel } from '@sextant/contract'
import { fail, ok, type Result } from '../../services/result'

export const MAX_RESULTS = 20_000
const MAX_MESSAGE = 2000

export interface SarifFinding {
  ruleId: string
  ruleName: string | null
  level: SarifLevel
  message: string
  file: string | null
  line: number | null
}

export interface SarifContent {
  tool: { name: string; version: string | null }
  rules: number
  results: SarifFinding[]
}

type Loose = Record<string, unknown> | undefined
const obj = (v: unknown): Loose =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const LEVELS = new Set<string>(['error', 'warning', 'note', 'none'])

export function readSarif(text: string): Result<SarifContent> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return fail('invalid', 'file: not JSON, so not a SARIF file.')
  }
  const root = obj(json)
  if (root?.version !== '2.1.0')
    return fail(
      'invalid',
      `file: SARIF version must be "2.1.0" (found ${JSON.stringify(root?.version ?? null)}).`,
    )
  if (!Array.isArray(root.runs)) return fail('invalid', 'file: a SARIF file needs "runs", a list.')
  const names: string[] = []
  let version: string | null = null
  let rules = 0
  const results: SarifFinding[] = []
  for (const [r, runValue] of root.runs.entries()) {
    const driver = obj(obj(obj(runValue)?.tool)?.driver)
    const name = str(driver?.name)
    if (!name) return fail('invalid', `file: runs[${r}].tool.driver.name is required.`)
    if (!names.includes(name)) names.push(name)
    version ??= str(driver?.version) ?? str(driver?.semanticVersion)
    const ruleList = arr(driver?.rules).map(obj)
    rules += ruleList.length
    const ruleById = new Map(ruleList.filter((x) => str(x?.id)).map((x) => [x!.id as string, x]))
    for (const [i, value] of arr(obj(runValue)?.results).entries()) {
      if (results.length >= MAX_RESULTS)
        return fail('too-large', `file: more than ${MAX_RESULTS} results; upload the analysis in parts.`)
      const result = obj(value)
      const index = typeof result?.ruleIndex === 'number' ? result.ruleIndex : -1
      const ruleId = str(result?.ruleId) ?? str(obj(result?.rule)?.id) ?? str(ruleList[index]?.id)
      if (!ruleId) return fail('invalid', `file: runs[${r}].results[${i}] names no rule (ruleId).`)
      const rule = ruleById.get(ruleId) ?? ruleList[index]
      const level = str(result?.level) ?? str(obj(obj(rule)?.defaultConfiguration)?.level) ?? 'warning'
      if (!LEVELS.has(level))
        return fail('invalid', `file: runs[${r}].results[${i}].level '${level}' is not a SARIF level.`)
      const message = obj(result?.message)
      const physical = obj(obj(arr(result?.locations)[0])?.physicalLocation)
      const line = obj(physical?.region)?.startLine
      results.push({
        ruleId,
        ruleName: str(obj(obj(rule)?.shortDescription)?.text) ?? str(obj(rule)?.name),
        level: level as SarifLevel,
        message: (str(message?.text) ?? str(message?.markdown) ?? '').slice(0, MAX_MESSAGE),
        file: str(obj(physical?.artifactLocation)?.uri),
        line: typeof line === 'number' && Number.isInteger(line) ? line : null,
      })
    }
  }
  if (names.length === 0) return fail('invalid', 'file: a SARIF file needs at least one run.')
  return ok({ tool: { name: names.join(', '), version }, rules, results })
}
