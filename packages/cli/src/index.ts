// @sextant/cli: the `sextant` command (DESIGN §1). Its entry is bin/sextant.js → src/main.ts.
export { runServe } from './launch/serve'
