// Public API of engine/stability (spec report-page §3 Stability; issue 5 "Stability").
export * from './lanes'
export * from './package-key'
export * from './section'
