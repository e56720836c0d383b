import { describe, expect, it } from 'vitest'
import { scoreAxisLabel, Y_LABEL_EVERY, Y_STEP } from './score-axis'

describe('score axis', () => {
  it('labels 0, 20, 40, 60, 80 and 100 of the 21 ticks, 0 included', () => {
    const ticks = Array.from({ length: 100 / Y_STEP + 1 }, (_, i) => i * Y_STEP)
    expect(ticks.map(scoreAxisLabel).filter(Boolean)).toEqual(['0', '20', '40', '60', '80', '100'])
    expect(Y_LABEL_EVERY % Y_STEP).toBe(0)
  })
  it('labels nothing it cannot read as a number', () => {
    expect(scoreAxisLabel('n/a')).toBe('')
  })
})
