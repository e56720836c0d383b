// A line scanner for Gradle build scripts (Groovy and Kotlin DSL; DESIGN §4 extractors): strips
// comments and string contents, and tracks which `{ }` blocks enclose each line, by label
// (`dependencies`, `buildscript`, `commonTest`, `named("jvmTest")`), so declarations get their context.

export interface ScriptLine {
  /** 1-based. */
  line: number
  /** The line with comments removed. */
  code: string
  /** Labels of the enclosing blocks, outermost first. */
  blocks: string[]
}

/** Removes `//` and `/* *\/` comments outside string literals; `state.inBlock` carries across lines. */
function stripComments(line: string, state: { inBlock: boolean }): string {
  let out = ''
  let quote: string | null = null
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    const next = line[i + 1]
    if (state.inBlock) {
      if (c === '*' && next === '/') {
        state.inBlock = false
        i++
      }
      continue
    }
    if (quote) {
      out += c
      if (c === '\\') {
        out += next ?? ''
        i++
      } else if (c === quote) quote = null
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (c === '/' && next === '/') break
    else if (c === '/' && next === '*') {
      state.inBlock = true
      i++
      continue
    }
    out += c
  }
  return out
}

/** The label of a block opened at `before{`: the last call or name before the brace. */
function labelOf(before: string): string {
  const t = before.trim()
  const project = /(?:^|\W)project\s*\(\s*["'](:[^"']*)["']\s*\)$/.exec(t)
  if (project) return `project:${project[1]}`
  const named = /(?:named|getByName|create|register|maybeCreate)\s*\(\s*["']([^"']+)["']/.exec(t)
  if (named) return named[1] as string
  const by = /val\s+(\w+)\s+by\s+\w+/.exec(t)
  if (by) return by[1] as string
  const m = /([A-Za-z_][\w.]*)\s*(\([^()]*\))?\s*$/.exec(t)
  return m ? ((m[1] as string).split('.').pop() as string) : t.endsWith(')') ? ')' : ''
}

/** Splits a script into lines with their enclosing block labels. */
export function scanGradleScript(text: string): ScriptLine[] {
  const state = { inBlock: false }
  const stack: string[] = []
  const out: ScriptLine[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const code = stripComments(raw, state)
    out.push({ line: i + 1, code, blocks: [...stack] })
    let quote: string | null = null
    let segmentStart = 0
    for (let j = 0; j < code.length; j++) {
      const c = code[j] as string
      if (quote) {
        if (c === '\\') j++
        else if (c === quote) quote = null
        continue
      }
      if (c === '"' || c === "'") quote = c
      else if (c === '{') {
        stack.push(labelOf(code.slice(segmentStart, j)))
        segmentStart = j + 1
      } else if (c === '}') {
        stack.pop()
        segmentStart = j + 1
      }
    }
  })
  return out
}
