// Public API of engine/remediation (issue 19 "Remediation plan"): the plan per lane and what it reads.

export * from './maven-data'
export * from './patch'
export * from './plan'
export * from './pom-edit'
export * from './source'
export * from './unified-diff'
