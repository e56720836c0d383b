// The security exclusions block (report-page §2 "Security exclusions"): shown when exclusions exist;
// Remove is disabled for readonly ones (from the repository's `.meterian` file) and for callers without
// the right (§6 tooltip); removal asks for confirmation, with the all-versions warning when it applies,
// then shows the operation-in-progress spinner while it is sent.
import { Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import type { ExclusionDto } from '@sextant/contract'
import { useState } from 'react'
import { BusyModal } from '../../ui/busy-modal'
import { SectionCard } from '../../ui/section-card'
import { UNAUTHORISED_TOOLTIP } from '../report/report-access'
import { useReportContext } from '../report/report-context'
import { ConfirmDialog } from './confirm-dialog'
import { ALL_VERSIONS_CONFIRMATION, displayVersion } from './exclusion-model'
import { useExclusionMutations, useExclusions } from './use-exclusions'

function subject(exclusion: ExclusionDto): string {
  if (exclusion.source === 'security:advices') return `Vulnerability ${exclusion.uuid ?? ''}`
  if (exclusion.source === 'security:cves') return exclusion.cve ?? ''
  const version = displayVersion(exclusion.version)
  return `${exclusion.library?.name ?? ''}${version ? ` (${version})` : ''}`
}

export function ExclusionsBlock() {
  const { project, branch, access, creatorUuid } = useReportContext()
  const { data } = useExclusions(project.uuid, branch)
  const { remove } = useExclusionMutations(project.uuid, branch, creatorUuid)
  const [pending, setPending] = useState<ExclusionDto | null>(null)
  const security = (data ?? []).filter((exclusion) => exclusion.domain === 'security')
  if (security.length === 0) return null
  return (
    <SectionCard
      id="exclusions-row"
      title="Security exclusions"
      subtitle={`${security.length} in force`}
      collapsible
      testId="section-exclusions"
    >
      <Stack gap="xs">
        {security.map((exclusion) => {
          const disabledReason = exclusion.readonly
            ? 'Set in the repository’s .meterian file: change the file to remove it'
            : access.canAct
              ? null
              : UNAUTHORISED_TOOLTIP
          return (
            <Paper key={exclusion.id} withBorder radius="sm" px="md" py="xs" data-testid="exclusion-item">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {subject(exclusion)}
                    </Text>
                    <Badge size="xs" variant="light" color="gray">
                      {exclusion.reason}
                    </Badge>
                    {exclusion.readonly ? (
                      <Badge size="xs" variant="outline" color="gray">
                        readonly
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {exclusion.description}
                  </Text>
                </Stack>
                <Tooltip label={disabledReason ?? ''} disabled={!disabledReason}>
                  <span>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      disabled={disabledReason !== null}
                      onClick={() => setPending(exclusion)}
                      data-testid="exclusion-remove"
                    >
                      Remove
                    </Button>
                  </span>
                </Tooltip>
              </Group>
            </Paper>
          )
        })}
      </Stack>
      {pending ? (
        <ConfirmDialog
          title="Remove the exclusion?"
          message={
            pending.version === '*'
              ? ALL_VERSIONS_CONFIRMATION
              : 'The finding becomes active again at the next recompute. Remove this exclusion?'
          }
          confirmLabel="Remove"
          busy={remove.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => remove.mutate(pending.id, { onSettled: () => setPending(null) })}
        />
      ) : null}
      <BusyModal opened={remove.isPending} label="Removing the exclusion" />
    </SectionCard>
  )
}
