// The AI tab's chat reducer (report-page §3, §4 "marked done at the final answer; send is disabled
// while streaming", §5 "Chat sends only non-empty input").
import { describe, expect, it } from 'vitest'
import { askProblem, canSend, chatReducer, initialChat } from './chat-model'

const date = '2026-11-22T11:00:00.000Z'

describe('chatReducer', () => {
  it('streams an answer into one message, done at finalAnswer; send disabled meanwhile', () => {
    let s = chatReducer(initialChat, { kind: 'ask', question: null, date })
    expect(s.streaming).toBe(true)
    s = chatReducer(s, { kind: 'line', line: { type: 'conversation', value: { id: 'c-1' } } })
    expect(canSend(s, 'why?')).toBe(false)
    s = chatReducer(s, { kind: 'line', line: { type: 'streaming', value: 'Up' } })
    s = chatReducer(s, { kind: 'line', line: { type: 'streaming', value: 'grade' } })
    expect(s.messages).toEqual([{ from: 'ai', text: 'Upgrade', date, done: false }])
    s = chatReducer(s, { kind: 'line', line: { type: 'finalAnswer', value: 'Upgrade.' } })
    expect(s.messages).toEqual([{ from: 'ai', text: 'Upgrade.', date, done: true }])
    expect(canSend(s, '   ')).toBe(false)
    expect(canSend(s, 'why?')).toBe(true)
    s = chatReducer(s, { kind: 'ask', question: 'why?', date })
    expect(s.messages.map((m) => [m.from, m.text, m.done])).toEqual([
      ['ai', 'Upgrade.', true],
      ['user', 'why?', true],
      ['ai', '', false],
    ])
  })

  it('keeps what arrived with the reason when the answer breaks off, drops an empty pending answer', () => {
    let s = chatReducer(initialChat, { kind: 'ask', question: null, date })
    s = chatReducer(s, { kind: 'line', line: { type: 'streaming', value: 'Half' } })
    s = chatReducer(s, { kind: 'line', line: { type: 'error', value: { message: 'broke off' } } })
    expect(s.messages.at(-1)).toEqual({ from: 'ai', text: 'Half', date, done: true, error: 'broke off' })
    expect(s.streaming).toBe(false)
    s = chatReducer(s, { kind: 'ask', question: 'again?', date })
    s = chatReducer(s, { kind: 'failed', message: 'The assistant service answered 429' })
    expect(s.messages.at(-1)).toEqual({ from: 'user', text: 'again?', date, done: true })
    expect(s.failure).toBe('The assistant service answered 429')
  })

  it('asks only non-empty input within a conversation (§5)', () => {
    expect(askProblem(initialChat, 'why?')).toBe('Conversation id is not specified')
    expect(canSend(initialChat, 'why?')).toBe(false)
    const open = chatReducer(initialChat, {
      kind: 'line',
      line: { type: 'conversation', value: { id: 'c-1' } },
    })
    expect(askProblem(open, ' \n ')).toBe('Please write a question for the assistant.')
    expect(askProblem(open, 'why?')).toBeNull()
    const failed = chatReducer(open, { kind: 'failed', message: 'Conversation id is not specified' })
    expect(failed.failure).toBe('Conversation id is not specified')
    expect(failed.messages).toEqual([])
  })
})
