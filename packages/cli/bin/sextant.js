#!/usr/bin/env node
// The `sextant` command. Workspace packages are consumed from their TypeScript sources (STYLE:
// "thin adapters, packages consumed from source"), so the command registers the tsx loader first.
import { register } from 'tsx/esm/api'

register()
await import('../src/main.ts')
