// Public API of engine/triage (issue 19 "Findings table"): the table's rows, columns and CSV.
export * from './findings-table'
