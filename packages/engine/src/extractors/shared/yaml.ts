// Bounded YAML reading for lockfiles (DESIGN §7 "YAML aliases"; issue 13 item 1). js-yaml with the failsafe
// schema (every scalar a string, no custom tags): 8-10x faster than `yaml` on the corpus lockfiles.
// Anchors are refused inside the parser, so no alias can resolve: pnpm (js-yaml dump with `noRefs`) and
// yarn berry (stringifySyml) never write one, and an alias is how a 200 KB file describes millions of edges.
import { FAILSAFE_SCHEMA, load } from 'js-yaml'
import type { FileError } from '../types'
import { lineAt } from './lines'

export type YamlResult = { ok: true; value: unknown } | { ok: false; error: FileError }

/** The part of js-yaml's parser state its (public) `listener` option hands out that we read. */
interface ListenerState {
  position: number
  anchor?: string | null
}

class AnchorRefused extends Error {
  constructor(
    readonly anchor: string,
    readonly offset: number,
  ) {
    super(`YAML anchor &${anchor}`)
  }
}

/**
 * A js-yaml listener that stops the parse at the first anchored node. js-yaml calls it when each node
 * opens and closes; at `close`, `state.anchor` is that node's own anchor (collections restore it after
 * their children). The open offsets locate the `&name` token for the error's line.
 */
function refuseAnchors(text: string): (event: 'open' | 'close', state: ListenerState) => void {
  const opened: number[] = []
  return (event, state) => {
    if (event === 'open') {
      opened.push(state.position)
      return
    }
    const start = opened.pop() ?? 0
    if (state.anchor === null || state.anchor === undefined) return
    const at = text.indexOf(`&${state.anchor}`, start)
    throw new AnchorRefused(state.anchor, at === -1 ? start : at)
  }
}

/**
 * Parses one YAML document with every scalar a string. Refuses anchors and aliases (a FileError naming
 * the line), so the value never holds one object under two keys; `json` lets a later duplicate key win,
 * as yarn's own reader does.
 */
export function parseYaml(text: string, file: string, options: { json?: boolean } = {}): YamlResult {
  try {
    const value = load(text, {
      schema: FAILSAFE_SCHEMA,
      filename: file,
      json: options.json ?? false,
      listener: refuseAnchors(text) as never,
    })
    return { ok: true, value }
  } catch (e) {
    if (e instanceof AnchorRefused) {
      return {
        ok: false,
        error: {
          file,
          line: lineAt(text, e.offset),
          message: `YAML anchors and aliases are not accepted in lockfiles (found &${e.anchor}); lockfiles written by pnpm and yarn have none`,
        },
      }
    }
    const mark = (e as { mark?: { line?: number } }).mark
    const reason = (e as { reason?: string }).reason ?? (e instanceof Error ? e.message : String(e))
    // js-yaml reports an unexpected end one line past the last one.
    const line =
      typeof mark?.line === 'number' ? Math.min(mark.line + 1, lineAt(text, text.length)) : undefined
    const message = reason.startsWith('unidentified alias')
      ? `YAML aliases are not accepted in lockfiles (${reason})`
      : `invalid YAML: ${reason}`
    return { ok: false, error: line === undefined ? { file, message } : { file, line, message } }
  }
}
