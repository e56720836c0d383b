// Types for @yarnpkg/lockfile (ships none): only what classic.ts uses.
declare module '@yarnpkg/lockfile' {
  export function parse(text: string): {
    type: 'success' | 'merge' | 'conflict'
    object: Record<string, unknown>
  }
}
