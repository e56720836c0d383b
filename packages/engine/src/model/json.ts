// Reading parsed JSON of unknown shape (STYLE rule 4: `unknown` at boundaries): the one test for "a JSON
// object" (not null, not an array) that lenient readers of third-party and stored data use.
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
