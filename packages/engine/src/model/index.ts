export * from './dependency'
export * from './ecosystem'
export * from './plugin'
export * from './purl'
