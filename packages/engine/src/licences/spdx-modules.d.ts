// Type declarations for the untyped SPDX helper packages the licences module uses
// (spdx-expression-parse 5, spdx-correct 3): only the parts we call.

declare module 'spdx-expression-parse' {
  interface SpdxLicenceNode {
    license: string
    plus?: boolean
    exception?: string
  }
  interface SpdxConjunctionNode {
    left: SpdxNode
    conjunction: 'and' | 'or'
    right: SpdxNode
  }
  type SpdxNode = SpdxLicenceNode | SpdxConjunctionNode
  function parse(source: string): SpdxNode
  export = parse
}

declare module 'spdx-correct' {
  function correct(identifier: string, options?: { upgrade?: boolean }): string | null
  export = correct
}
