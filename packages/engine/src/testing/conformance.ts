// Inputs of the shared conformance tests every registered plugin passes (registry.test.ts; issue 18
// acceptance 1): garbage in every format's shape, and real files cut short as a failed upload
// leaves them. Tests only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'

export const GARBAGE = [
  '',
  ' ',
  'null',
  '[]',
  '{}',
  '{"a":',
  '<x>',
  '<project><dependencies><dependency>',
  'a: [',
  '\u0000\uffff',
  '{"lockfileVersion": 99}',
  '# c\n',
  'dependencies {\n  implementation(',
  '<<<<<<< HEAD\n',
]

export const CUTS = [0.1, 0.33, 0.5, 0.77, 0.95]

/** `text` cut at each of CUTS. */
export function truncations(text: string): { at: string; content: string }[] {
  return CUTS.map((f) => ({
    at: `${Math.round(f * 100)} %`,
    content: text.slice(0, Math.floor(text.length * f)),
  }))
}

/** Every fixture file in a folder, cut at each of CUTS. */
export function truncatedFixtures(folder: URL): { name: string; content: string }[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((name) => statSync(new URL(name, folder)).isFile())
    .flatMap((name) =>
      truncations(readFileSync(new URL(name, folder), 'utf8')).map((t) => ({
        name: `${name} cut at ${t.at}`,
        content: t.content,
      })),
    )
}
