// The report's notes (warnings about unusable content, with file and line; DESIGN §4 extractors)
// in a collapsible "Analysis notes" block, shown only when there are notes.

import { Badge, Code, Group, Stack, Text } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { formatCount } from '../../lib/format'
import { SectionCard } from '../../ui/section-card'

/** Notes have no id: key them by content, numbering repeats. */
function keyed(notes: Report['notes']): { key: string; note: Report['notes'][number] }[] {
  const seen = new Map<string, number>()
  return notes.map((note) => {
    const base = `${note.domain}|${note.file ?? ''}|${note.line ?? ''}|${note.message}`
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return { key: `${base}#${count}`, note }
  })
}

export function AnalysisNotes({ notes }: { notes: Report['notes'] }) {
  if (notes.length === 0) return null
  return (
    <SectionCard
      title="Analysis notes"
      subtitle={formatCount(notes.length, 'note')}
      collapsible
      defaultOpen={false}
      testId="analysis-notes"
    >
      <Stack gap="xs">
        {keyed(notes).map(({ key, note }, index) => (
          <Group
            key={key}
            gap="sm"
            align="flex-start"
            wrap="nowrap"
            py={6}
            style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}
          >
            <Badge size="sm" variant="light" color="gray" w={88} style={{ flexShrink: 0 }}>
              {note.domain}
            </Badge>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm">{note.message}</Text>
              {note.file ? (
                <Code fz="xs" w="fit-content">
                  {note.file}
                  {note.line !== undefined ? `:${note.line}` : ''}
                </Code>
              ) : null}
            </Stack>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  )
}
