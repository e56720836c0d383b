// Types of precompress.mjs (issue 20 "Static assets") for the TypeScript tests and benches that call it.
export interface Precompressed {
  path: string
  plain: number
  br: number
  gzip: number
}
export function precompress(dir: string): Precompressed[]
