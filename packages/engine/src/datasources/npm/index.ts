// npm registry datasource (DESIGN §4 datasources): the packument request and its lenient parsing;
// fetching, caching and retries are the caller's (the server's metadata cache).
export { NPM_ACCEPT, NPM_REGISTRY, npmDatasource, npmPackagePath } from './datasource'
export * from './licence-shapes'
export * from './packument'
