export type * from './document'
export * from './build'
export * from './timestamp'
