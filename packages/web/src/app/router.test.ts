// The router declares exactly the contract's appPages (issue 18): the server answers the app only for those
// addresses, so a page added here without its contract line would answer 404 when opened directly.
import { readFileSync } from 'node:fs'
import { appPages } from '@sextant/contract'
import ts from 'typescript'
import { expect, it } from 'vitest'

/** Every `path: '<literal>'` property in a source file, read with the TypeScript parser. */
function routePaths(file: URL): string[] {
  const source = ts.createSourceFile(file.pathname, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const paths: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'path' &&
      ts.isStringLiteralLike(node.initializer)
    )
      paths.push(node.initializer.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return paths
}

it('the router and the contract list the same pages', () => {
  const declared = [
    ...routePaths(new URL('./router.tsx', import.meta.url)),
    ...routePaths(new URL('./account/routes.tsx', import.meta.url)),
    ...routePaths(new URL('./notification-routes.tsx', import.meta.url)),
  ].filter((p) => p !== '*')
  expect([...declared].sort()).toEqual([...appPages].sort())
})
