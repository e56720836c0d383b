// The AI tab's chat panel (report-page §2 "AI tab", §3 "Chat message", §4 "AI chat", §5): the answers
// as markdown while they stream in, each marked done at the final answer; a follow-up box that sends
// only non-empty input, on Enter or the Send button, and is disabled while an answer streams.
import { Alert, Box, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core'
import { ASSISTANT_LIMITS } from '@sextant/contract'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import ReactMarkdown from 'react-markdown'
import rehypeSanitize from 'rehype-sanitize'
import { type ChatMessage, type ChatState, canSend } from './chat-model'
import type { AssistantSource } from './use-assistant'

interface AssistantChatProps {
  state: ChatState
  onStart: () => void
  onAsk: (question: string) => void
  /** Where the answers come from (the footnote says which). */
  source?: AssistantSource
}

function time(date: string): string {
  return new Date(date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
}

function Message({ message }: { message: ChatMessage }) {
  const ai = message.from === 'ai'
  return (
    <Box
      data-testid={ai ? 'assistant-answer' : 'assistant-question'}
      data-done={message.done}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: ai ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-blue-0)',
        alignSelf: ai ? 'stretch' : 'flex-end',
        maxWidth: ai ? undefined : '85%',
      }}
    >
      <Group gap={6} mb={2}>
        <Text size="xs" fw={700}>
          {ai ? 'AI assistant' : 'You'}
        </Text>
        <Text size="xs" c="dimmed">
          {time(message.date)}
        </Text>
      </Group>
      {ai && message.text === '' && !message.done ? (
        <Group gap={6}>
          <Loader size="xs" type="dots" aria-hidden />
          <Text size="sm" c="dimmed">
            Thinking…
          </Text>
        </Group>
      ) : (
        <div className="markdown-body assistant-answer">
          {ai ? <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{message.text}</ReactMarkdown> : message.text}
        </div>
      )}
      {message.error ? (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {message.error}
        </Text>
      ) : null}
    </Box>
  )
}

export function AssistantChat({ state, onStart, onAsk, source = 'model' }: AssistantChatProps) {
  const [input, setInput] = useState('')
  const hintId = useId()
  // Opening the tab starts the conversation; the hook starts it only once.
  useEffect(onStart, [onStart])
  const send = () => {
    if (!canSend(state, input)) return
    onAsk(input)
    setInput('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      send()
    }
  }
  return (
    <Stack gap="xs" data-testid="assistant-chat">
      <Stack
        gap={6}
        role="log"
        aria-label="Conversation with the AI assistant"
        aria-busy={state.streaming}
        style={{ maxHeight: 420, overflowY: 'auto' }}
      >
        {state.messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are only appended, never reordered
          <Message key={index} message={message} />
        ))}
      </Stack>
      {state.failure ? (
        <Alert color="red" variant="light" p="xs" role="alert" data-testid="assistant-failure">
          <Text size="sm">{state.failure}</Text>
        </Alert>
      ) : null}
      <Textarea
        label="Ask a follow-up question"
        placeholder="e.g. Is my application affected?"
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        maxLength={ASSISTANT_LIMITS.questionChars}
        autosize
        minRows={1}
        maxRows={5}
        size="sm"
        aria-describedby={hintId}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" id={hintId}>
          Enter sends, Shift+Enter starts a new line.
        </Text>
        <Button size="xs" onClick={send} disabled={!canSend(state, input)} style={{ flexShrink: 0 }}>
          Send
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {source === 'advisory-data'
          ? 'No AI model is configured: answers are written from the advisory data alone.'
          : 'Answers come from an AI model and can be wrong; check them against the advisory.'}
      </Text>
    </Stack>
  )
}
