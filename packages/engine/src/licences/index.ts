// Public API of engine/licences (DESIGN §4 licences; spec report-page §3 Licensing, License;
// product-notes "Licence policies").
export * from './assess'
export * from './catalogue'
export * from './evaluate'
export * from './expression'
export * from './normalise'
export * from './policy'
export * from './section'
export * from './templates'
