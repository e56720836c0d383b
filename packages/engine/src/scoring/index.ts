// Public API of engine/scoring (DESIGN §4 scoring; product-notes "Scores", "CLI exit code").
export * from './gate'
export * from './outcome'
export * from './scores'
