// 'Current Licenses:' of the licence fix dialog (report-page §2 Dialogs): a badge per licence with a
// remove control; removed ones stay, struck through, until Confirm (adding one again keeps it, §4).
import { Badge, CloseButton, Group, Text } from '@mantine/core'
import { type LicenceChangeSet, shownLicences } from '../../shared/licences/licence-fix-model'

export function CurrentLicences({
  set,
  onRemove,
}: {
  set: LicenceChangeSet
  onRemove: (id: string) => void
}) {
  const shown = shownLicences(set)
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        Current Licenses:
      </Text>
      <Group gap={6} data-testid="licence-fix-current">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: add the licence the library is distributed under.
          </Text>
        ) : null}
        {shown.map((l) => (
          <Badge
            key={l.id}
            size="lg"
            tt="none"
            variant={l.state === 'removed' ? 'outline' : 'light'}
            color={l.state === 'removed' ? 'red' : l.state === 'added' ? 'teal' : 'blue'}
            td={l.state === 'removed' ? 'line-through' : undefined}
            data-state={l.state}
            data-testid="licence-fix-badge"
            rightSection={
              l.state === 'removed' ? null : (
                <CloseButton size="xs" aria-label={`Remove ${l.id}`} onClick={() => onRemove(l.id)} />
              )
            }
          >
            {l.id}
          </Badge>
        ))}
      </Group>
      {set.removed.length > 0 ? (
        <Text size="xs" c="dimmed" mt={6}>
          Struck-through licences are removed on Confirm; add one again to keep it.
        </Text>
      ) : null}
    </div>
  )
}
