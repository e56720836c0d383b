// The exclusions block (report-page §2 "Security exclusions", issue 14 "Exclusions you can see"): shown
// when exclusions exist, of every domain, each naming the component and version it silences, its reason,
// who made it and when, and whether this report counts it yet. Remove (private mode only) is disabled for readonly ones (from
// the repository's `.meterian` file) and for callers without the right (§6 tooltip); removal asks for
// confirmation, with the all-versions warning when it applies, then shows the operation-in-progress spinner.
// An exclusion whose expiry date has passed shows as expired, with its date, and its findings count again
// (issue 19; exclusions-block-model.ts).
import { Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import type { ExclusionDto } from '@sextant/contract'
import { useMemo, useState } from 'react'
import { formatRelative } from '../../lib/format'
import { ALL_VERSIONS_CONFIRMATION } from '../../shared/exclusions/exclusion-model'
import { appliedExclusionIds, exclusionSubject } from '../../shared/exclusions/exclusion-state'
import { useExclusionMutations, useExclusions } from '../../shared/exclusions/use-exclusions'
import { UNAUTHORISED_TOOLTIP } from '../../shared/report/report-access'
import { useReportContext } from '../../shared/report/report-context'
import { BusyModal } from '../../ui/busy-modal'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { SectionCard } from '../../ui/section-card'
import { exclusionsBlockModel, expiredNotice } from './exclusions-block-model'

function byline(exclusion: ExclusionDto): string {
  const who = exclusion.createdBy
    ? `by ${exclusion.createdBy}`
    : exclusion.readonly
      ? 'from the .meterian file'
      : ''
  const when = exclusion.createdAt ? formatRelative(exclusion.createdAt) : ''
  return [who, when, exclusion.scope === 'account' ? 'account-wide' : ''].filter(Boolean).join(' · ')
}

export function ExclusionsBlock() {
  const { report, project, branch, access, creatorUuid } = useReportContext()
  const { data } = useExclusions(project.uuid, branch)
  const { remove } = useExclusionMutations(project.uuid, branch, creatorUuid)
  const [pending, setPending] = useState<ExclusionDto | null>(null)
  const applied = useMemo(() => appliedExclusionIds(report), [report])
  const model = useMemo(
    () => exclusionsBlockModel({ list: data ?? [], report, applied, latest: access.latest, now: new Date() }),
    [data, report, applied, access.latest],
  )
  if (model.items.length === 0) return null
  return (
    <SectionCard
      id="exclusions-row"
      title="Exclusions"
      subtitle={model.subtitle}
      collapsible
      testId="section-exclusions"
    >
      <Stack gap="xs">
        {model.items.map((item) => {
          const { exclusion } = item
          const disabledReason = exclusion.readonly
            ? 'Set in the repository’s .meterian file: change the file to remove it'
            : access.canAct
              ? null
              : UNAUTHORISED_TOOLTIP
          return (
            <Paper
              key={exclusion.id}
              withBorder
              radius="sm"
              px="md"
              py="xs"
              data-testid="exclusion-item"
              data-domain={exclusion.domain}
              data-expired={item.expiredOn ?? undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Badge size="xs" variant="light" color="gray">
                      {exclusion.domain}
                    </Badge>
                    <Text
                      fw={600}
                      size="sm"
                      style={{ wordBreak: 'break-word' }}
                      data-testid="exclusion-subject"
                    >
                      {exclusionSubject(exclusion, report)}
                    </Text>
                    <Badge size="xs" variant="outline" color="gray">
                      {exclusion.reason}
                    </Badge>
                    {exclusion.readonly ? (
                      <Badge size="xs" variant="outline" color="gray">
                        readonly
                      </Badge>
                    ) : null}
                    {item.pending ? (
                      <Badge size="xs" variant="light" color="teal" data-testid="exclusion-pending">
                        applies at recompute
                      </Badge>
                    ) : null}
                    {item.expiredOn ? (
                      <Badge size="xs" variant="light" color="orange" data-testid="exclusion-expired">
                        expired {item.expiredOn}
                      </Badge>
                    ) : exclusion.expires ? (
                      <Badge size="xs" variant="outline" color="gray" data-testid="exclusion-expires">
                        until {exclusion.expires}
                      </Badge>
                    ) : null}
                  </Group>
                  {item.expiredOn ? (
                    <Text size="xs" c="orange.8" data-testid="exclusion-expired-notice">
                      {expiredNotice(item)}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {exclusion.description}
                  </Text>
                  {byline(exclusion) ? (
                    <Text size="xs" c="dimmed" data-testid="exclusion-byline">
                      {byline(exclusion)}
                    </Text>
                  ) : null}
                </Stack>
                {access.privateMode ? (
                  // §6: Remove only in private mode; disabled with its reason where it cannot be used
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
                ) : null}
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
