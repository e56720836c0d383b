// Public API of engine/exclusions (spec report-page §3 Exclusion, §5 "Exclusion import matching";
// product-notes "The in-repository exclusions file"): model, `.meterian` reader/writer, matching, VEX.

export * from './analysis'
export * from './entry'
export * from './match'
export * from './meterian-file'
export * from './model'
export * from './openvex'
export * from './vex'
export * from './vex-import'
