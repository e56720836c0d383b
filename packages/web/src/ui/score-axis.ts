// The score charts' axes (report-page §9 "Score axis": 0-100, step 5; issue 14 "Readable charts"): a
// grid line every 5 but a label every 20 (21 labels on a ~210 px plot ran together), and at most
// X_TICKS_MAX date labels however many reports are shown.

export const Y_STEP = 5
export const Y_LABEL_EVERY = 20
export const X_TICKS_MAX = 6

/** The label of a score-axis tick: the score on multiples of Y_LABEL_EVERY, else none. */
export function scoreAxisLabel(value: number | string): string {
  const n = Number(value)
  return Number.isFinite(n) && n % Y_LABEL_EVERY === 0 ? String(n) : ''
}
