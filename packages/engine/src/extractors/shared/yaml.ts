// Safe YAML reading for pnpm lockfiles (DESIGN §7 YAML alias limit). js-yaml with the failsafe
// schema (every scalar a string, no custom tags) is ~50x faster than `yaml` on a 1 MB lockfile;
// aliases are counted before parsing so an alias bomb is refused, never expanded.
import { FAILSAFE_SCHEMA, load } from 'js-yaml'
import type { FileError } from '../types'
import { MAX_YAML_ALIASES } from './limits'
import { lineAt } from './lines'

export type YamlResult = { ok: true; value: unknown } | { ok: false; error: FileError }

/** Offsets of `*alias` tokens (after a space, `[`, `,`, `{`, `:` or `-`), outside quoted scalars. */
function aliasOverflow(text: string): number | null {
  const re = /(?:^|[\s[,{:-])\*[^\s,\]}]+/gm
  let count = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1
    const before = text.slice(lineStart, m.index)
    // A `*` inside a quoted scalar or a comment is not an alias.
    if ((before.split("'").length - 1) % 2 === 1 || (before.split('"').length - 1) % 2 === 1) continue
    if (before.includes('#')) continue
    if (++count > MAX_YAML_ALIASES) return m.index
  }
  return null
}

/** A FileError when the text holds more YAML aliases than allowed (alias bombs), else null. */
export function yamlAliasProblem(text: string, file: string): FileError | null {
  const overflow = aliasOverflow(text)
  if (overflow === null) return null
  return { file, line: lineAt(text, overflow + 1), message: `more than ${MAX_YAML_ALIASES} YAML aliases` }
}

export function parseYaml(text: string, file: string): YamlResult {
  const aliases = yamlAliasProblem(text, file)
  if (aliases) return { ok: false, error: aliases }
  try {
    return { ok: true, value: load(text, { schema: FAILSAFE_SCHEMA, filename: file }) }
  } catch (e) {
    const mark = (e as { mark?: { line?: number } }).mark
    const reason = (e as { reason?: string }).reason ?? (e instanceof Error ? e.message : String(e))
    // js-yaml reports an unexpected end one line past the last one.
    const line =
      typeof mark?.line === 'number' ? Math.min(mark.line + 1, lineAt(text, text.length)) : undefined
    return {
      ok: false,
      error:
        line === undefined
          ? { file, message: `invalid YAML: ${reason}` }
          : { file, line, message: `invalid YAML: ${reason}` },
    }
  }
}
