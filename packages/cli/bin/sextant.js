#!/usr/bin/env node
// The `sextant` command. After `npm run build` it runs the compiled JavaScript in packages/*/dist; when
// there is no build, or the sources changed since it was made (build-state.js compares their stamp), it
// runs the TypeScript sources through the tsx loader (STYLE: "packages consumed from source"), so an edited
// tree never runs old code.
import { compiledEntry } from './build-state.js'

const entry = compiledEntry()
if (entry) {
  await import(entry)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/main.ts')
}
