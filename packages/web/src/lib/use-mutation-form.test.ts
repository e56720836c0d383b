// The mutation form's state machine (issue 18 item 4): busy while running, the failure's message,
// a second run while busy ignored, success clearing an earlier error.
import { describe, expect, it } from 'vitest'
import { type MutationState, mutationRunner } from './use-mutation-form'

function setup() {
  const states: MutationState[] = []
  const errors: string[] = []
  const run = mutationRunner((s) => states.push(s), {
    describe: (e) => (e instanceof Error ? e.message : 'unknown'),
    onError: (m) => errors.push(m),
  })
  return { states, errors, run }
}

describe('mutationRunner', () => {
  it('is busy while the action runs and answers true on success', async () => {
    const { states, run } = setup()
    expect(await run(async () => {})).toBe(true)
    expect(states).toEqual([
      { busy: true, error: null },
      { busy: false, error: null },
    ])
  })

  it('keeps the failure message and tells onError', async () => {
    const { states, errors, run } = setup()
    expect(
      await run(async () => {
        throw new Error('E-mail already taken')
      }),
    ).toBe(false)
    expect(states.at(-1)).toEqual({ busy: false, error: 'E-mail already taken' })
    expect(errors).toEqual(['E-mail already taken'])
    // a later success clears it
    await run(async () => {})
    expect(states.at(-1)).toEqual({ busy: false, error: null })
  })

  it('ignores a second run while the first is busy', async () => {
    const { run } = setup()
    let release = () => {}
    let calls = 0
    const first = run(async () => {
      calls++
      await new Promise<void>((r) => {
        release = r
      })
    })
    expect(
      await run(async () => {
        calls++
      }),
    ).toBe(false)
    release()
    expect(await first).toBe(true)
    expect(calls).toBe(1)
    // free again afterwards
    expect(
      await run(async () => {
        calls++
      }),
    ).toBe(true)
    expect(calls).toBe(2)
  })
})
