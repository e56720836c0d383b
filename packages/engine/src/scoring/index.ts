// Public API of engine/scoring (DESIGN §4 scoring; product-notes "Scores").
export * from './outcome'
export * from './scores'
