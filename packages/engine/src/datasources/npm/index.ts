// npm registry datasource (DESIGN §4 datasources): packument parsing only; fetching, caching and
// retries live in the server's datasource facade.
export * from './licence-shapes'
export * from './packument'
