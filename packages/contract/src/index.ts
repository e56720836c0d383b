// @sextant/contract: zod schemas and the typed route table for every public API payload (DESIGN §1).
// No runtime dependency but zod; imported by server, sdk and web alike.
export * from './advisories'
export * from './error'
export * from './exclusions'
export * from './exclusions.routes'
export * from './exports'
export * from './exports.routes'
export * from './health'
export * from './identity'
export * from './project'
export * from './report'
export * from './routes'
