export * from './dependency'
export * from './ecosystem'
export * from './purl'
