// The 'Reports differences' modal (report-page §2 Dialogs, §4 "Report differences", §8 empty messages):
// COMPONENTS plus the selected domain, against the history entry right after (or an empty report for
// the first one); Cancel and 'See report'.
import { Badge, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import type { ReportDiffDto } from '@sextant/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { sdk } from '../../lib/sdk'
import { useReturnFocus } from '../../lib/use-return-focus'

type DiffDomain = 'security' | 'stability' | 'licensing'

const EMPTY: Record<'components' | DiffDomain, string> = {
  components: 'No components have changed from the previous report.',
  security: 'Nothing has changed in the security section.',
  stability: 'Nothing has changed in the stability section.',
  licensing: 'Nothing has changed in the licensing section.',
}

function Components({ diff }: { diff: ReportDiffDto }) {
  const { plus, minus, versionChanges } = diff.components
  if (plus.length + minus.length + versionChanges.length === 0)
    return <Text size="sm">{diff.messages.components ?? EMPTY.components}</Text>
  return (
    <Stack gap={4} data-testid="diff-components">
      {plus.slice(0, 100).map((c) => (
        <Text key={`+${c.library}@${c.version}`} size="sm">
          <Badge size="xs" variant="light" color="green" mr={6}>
            added
          </Badge>
          {c.library} {c.version}
        </Text>
      ))}
      {minus.slice(0, 100).map((c) => (
        <Text key={`-${c.library}@${c.version}`} size="sm">
          <Badge size="xs" variant="light" color="red" mr={6}>
            removed
          </Badge>
          {c.library} {c.version}
        </Text>
      ))}
      {versionChanges.slice(0, 100).map((c) => (
        <Text key={`~${c.library}`} size="sm">
          <Badge size="xs" variant="light" color="blue" mr={6}>
            {c.direction}
          </Badge>
          {c.library} {c.from} → {c.to}
        </Text>
      ))}
    </Stack>
  )
}

type DiffEntry = ReportDiffDto['security'][number]

/** An exclusion added or removed says so (issue 14: the diff says "excluded"), else added / removed / updated. */
export function entryLabel(e: DiffEntry): string {
  if (e.exclusion) return 'excluded'
  if (e.exclusionRemoved) return 'exclusion removed'
  return e.reason
}

function entryColour(e: DiffEntry): string {
  if (e.exclusion) return 'gray'
  if (e.exclusionRemoved) return 'orange'
  return e.reason === 'removed' ? 'green' : e.reason === 'added' ? 'red' : 'blue'
}

function DomainEntries({ diff, domain }: { diff: ReportDiffDto; domain: DiffDomain }) {
  const entries = diff[domain]
  if (entries.length === 0) return <Text size="sm">{diff.messages[domain] ?? EMPTY[domain]}</Text>
  return (
    <Stack gap={4} data-testid="diff-domain">
      {entries.slice(0, 200).map((e) => (
        <Text key={`${e.reason}:${e.library}@${e.version}:${e.id ?? e.cve ?? ''}`} size="sm">
          <Badge size="xs" variant="light" color={entryColour(e)} mr={6} data-testid="diff-entry-kind">
            {entryLabel(e)}
          </Badge>
          {e.library} {e.version}
          {e.cve || e.id ? ` · ${e.cve ?? e.id}` : ''}
          {e.severity ? ` · ${e.severity}` : ''}
          {e.patch ? ` · patch ${e.patch}` : ''}
          {e.licenses?.length ? ` · ${e.licenses.join(', ')}` : ''}
        </Text>
      ))}
    </Stack>
  )
}

interface DiffModalProps {
  projectId: string
  branch: string
  to: string
  onClose: () => void
  onSeeReport: () => void
}

export function DiffModal({ projectId, branch, to, onClose, onSeeReport }: DiffModalProps) {
  useReturnFocus()
  const [domain, setDomain] = useState<DiffDomain>('security')
  const query = useQuery({
    queryKey: ['diff', projectId, branch, to],
    queryFn: () => sdk.call('reportDiff', { params: { projectId }, query: { branch, to } }),
  })
  const diff = query.data
  return (
    <Modal
      opened
      onClose={onClose}
      title="Reports differences"
      size="xl"
      data-testid="diff-modal"
      zIndex={300}
    >
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the differences" />
        </Group>
      ) : !diff ? (
        <Text size="sm" c="red.7">
          {query.error?.message ?? 'No information is available.'}
        </Text>
      ) : (
        <Stack gap="md">
          {diff.from === null ? (
            <Text size="sm" c="dimmed">
              This is the first report: it is compared with an empty report.
            </Text>
          ) : null}
          <SegmentedControl
            size="xs"
            value={domain}
            onChange={(v) => setDomain(v as DiffDomain)}
            data={[
              { value: 'security', label: 'Security' },
              { value: 'stability', label: 'Stability' },
              { value: 'licensing', label: 'Licensing' },
            ]}
          />
          <Title order={3} size="h6">
            COMPONENTS
          </Title>
          <Components diff={diff} />
          <Title order={3} size="h6">
            {domain.toUpperCase()}
          </Title>
          <DomainEntries diff={diff} domain={domain} />
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onSeeReport} data-testid="diff-see-report">
          See report
        </Button>
      </Group>
    </Modal>
  )
}
