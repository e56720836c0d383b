// The remediation plan's Maven changes written into the project's POMs (issue 19 "Downloadable as a
// patch to … pom.xml where the change is mechanical"): an upgrade sets the version of every
// `<dependency>` naming the artifact (a literal version is replaced; a `${property}` is replaced by the
// literal in that declaration only, so other artifacts sharing the property keep theirs; a declaration
// without a version, managed by a parent or BOM outside the project, gets one); a pin goes into the
// dependencyManagement of each top-level POM (added when absent). Text edits keep the rest of each file
// byte for byte. Written here rather than with an XML library: a parse and re-serialisation would
// reformat the whole file, and the patch must touch only the lines that change.
import { topLevelPoms } from '../resolvers/maven/resolver'

export interface PomFile {
  path: string
  content: string
}

export interface MavenVersionChange {
  /** `groupId:artifactId` */
  name: string
  to: string
}

export interface PomEdits {
  /** The files that changed, with their new content. */
  files: PomFile[]
  /** Changes that could not be written mechanically, each with why. */
  skipped: { name: string; why: string }[]
}

interface Block {
  start: number
  end: number
  text: string
  managed: boolean
}

const BLOCK = /<dependency>[\s\S]*?<\/dependency>/g
const COMMENT = /<!--[\s\S]*?-->/g

function tag(text: string, name: string): string | null {
  const m = new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(text.replace(COMMENT, ''))
  return m ? (m[1] ?? '') : null
}

/** `<dependency>` blocks outside comments, each said to be managed when inside `<dependencyManagement>`. */
function blocks(content: string): Block[] {
  const masked = content.replace(COMMENT, (c) => ' '.repeat(c.length))
  const ranges: [number, number][] = []
  for (const m of masked.matchAll(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g))
    ranges.push([m.index, m.index + m[0].length])
  const out: Block[] = []
  for (const m of masked.matchAll(BLOCK)) {
    const start = m.index
    out.push({
      start,
      end: start + m[0].length,
      text: content.slice(start, start + m[0].length),
      managed: ranges.some(([a, b]) => start > a && start < b),
    })
  }
  return out
}

function names(block: Block, name: string): boolean {
  const [groupId, artifactId] = name.split(':')
  return tag(block.text, 'groupId') === groupId && tag(block.text, 'artifactId') === artifactId
}

/** The block with its version set to `to` (replaced, or added after `<artifactId>`). */
function withVersion(block: string, to: string): string {
  if (/<version>[^<]*<\/version>/.test(block))
    return block.replace(/<version>[^<]*<\/version>/, `<version>${to}</version>`)
  return block.replace(
    /(\n?([ \t]*)<artifactId>[^<]*<\/artifactId>)/,
    (_m, all: string, indent: string) => `${all}\n${indent}<version>${to}</version>`,
  )
}

function replaceBlocks(content: string, edits: { block: Block; text: string }[]): string {
  let out = content
  for (const { block, text } of [...edits].sort((a, b) => b.block.start - a.block.start))
    out = out.slice(0, block.start) + text + out.slice(block.end)
  return out
}

function indentOf(content: string, index: number): string {
  const lineStart = content.lastIndexOf('\n', index - 1) + 1
  return /^[ \t]*/.exec(content.slice(lineStart))?.[0] ?? ''
}

/** Adds a managed dependency to the POM: into its `<dependencyManagement>`, created before `</project>` when absent. */
function addManaged(content: string, name: string, to: string): string | null {
  const [groupId, artifactId] = name.split(':')
  const masked = content.replace(COMMENT, (c) => ' '.repeat(c.length))
  const unit = /^[ \t]+/m.exec(content.slice(content.indexOf('<project')))?.[0] ?? '  '
  const entry = (indent: string) =>
    [
      `${indent}<dependency>`,
      `${indent}${unit}<groupId>${groupId}</groupId>`,
      `${indent}${unit}<artifactId>${artifactId}</artifactId>`,
      `${indent}${unit}<version>${to}</version>`,
      `${indent}</dependency>`,
    ].join('\n')
  const dm = /<dependencyManagement>\s*<dependencies>/.exec(masked)
  if (dm) {
    const at = dm.index + dm[0].length
    const indent = `${indentOf(content, dm.index)}${unit}${unit}`
    return `${content.slice(0, at)}\n${entry(indent)}${content.slice(at)}`
  }
  if (/<dependencyManagement>/.test(masked)) return null
  const close = masked.lastIndexOf('</project>')
  if (close < 0) return null
  const lineStart = content.lastIndexOf('\n', close - 1) + 1
  const section = [
    `${unit}<dependencyManagement>`,
    `${unit}${unit}<dependencies>`,
    entry(`${unit}${unit}${unit}`),
    `${unit}${unit}</dependencies>`,
    `${unit}</dependencyManagement>`,
    '',
  ].join('\n')
  return content.slice(0, lineStart) + section + content.slice(lineStart)
}

/**
 * The project's POMs with the plan's upgrades (versions of the artifacts the POMs declare) and pins
 * (dependencyManagement entries) written in.
 */
export function editPoms(
  poms: readonly PomFile[],
  upgrades: readonly MavenVersionChange[],
  pins: readonly MavenVersionChange[],
): PomEdits {
  const current = new Map(poms.map((p) => [p.path, p.content]))
  const skipped: PomEdits['skipped'] = []
  for (const u of upgrades) {
    let found = false
    for (const [path, content] of current) {
      const edits = blocks(content)
        .filter((b) => names(b, u.name))
        // a declaration without a version inherits it from management: only the managed one (if any) is set
        .filter((b, _i, all) => b.managed || tag(b.text, 'version') !== null || !all.some((x) => x.managed))
        .map((block) => ({ block, text: withVersion(block.text, u.to) }))
      if (edits.length === 0) continue
      found = true
      current.set(path, replaceBlocks(content, edits))
    }
    if (!found) skipped.push({ name: u.name, why: 'no POM of the project declares it' })
  }
  const tops = topLevelPoms([...current.keys()])
  for (const p of pins) {
    for (const path of tops) {
      const content = current.get(path)!
      const managed = blocks(content).filter((b) => b.managed && names(b, p.name))
      const next =
        managed.length > 0
          ? replaceBlocks(
              content,
              managed.map((block) => ({ block, text: withVersion(block.text, p.to) })),
            )
          : addManaged(content, p.name, p.to)
      if (next === null)
        skipped.push({ name: p.name, why: `${path}: its dependencyManagement could not be found` })
      else current.set(path, next)
    }
  }
  const files = poms
    .filter((p) => current.get(p.path) !== p.content)
    .map((p) => ({ path: p.path, content: current.get(p.path)! }))
  return { files, skipped }
}
