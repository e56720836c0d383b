// The account's notification rules (issue 16 "Notification rules"): name, events, projects, minimum
// severity, channel and mode; add, change and delete for the roles §6 lets change configuration.
import { Alert, Badge, Button, Group, Text } from '@mantine/core'
import type { NotificationChannel, NotificationRule } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { failureText, notificationKeys, notifications, useTeamChoices } from './notifications-api'
import { kindLabels } from './notifications-model'
import { RowActions } from './row-actions'
import { RuleDialog } from './rule-dialog'
import { describeEvents, describeProjects } from './rule-model'

interface Props {
  accountId: string
  mayEdit: boolean
  channels: readonly NotificationChannel[]
}

export function RulesCard({ accountId, mayEdit, channels }: Props) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<NotificationRule | 'new' | null>(null)
  const rules = useQuery({
    queryKey: notificationKeys.rules(accountId),
    queryFn: () => notifications.rules(accountId),
  })
  const remove = useMutation({
    mutationFn: (r: NotificationRule) => notifications.deleteRule(accountId, r.uuid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.rules(accountId) }),
  })
  const teams = useTeamChoices(accountId)
  const teamName = (uuid: string | null) => {
    const team = uuid ? teams.find((t) => t.value === uuid) : null
    return team ? ` of team ${team.label}` : ''
  }
  const channelName = (uuid: string) => {
    const c = channels.find((x) => x.uuid === uuid)
    return c ? `${c.name} (${kindLabels[c.kind]})` : 'a deleted channel'
  }
  const rows = (rules.data ?? []).map((r) => ({
    key: r.uuid,
    cells: [
      <Group key="n" gap={6} wrap="nowrap">
        <Text size="sm">{r.name}</Text>
        {r.enabled ? null : (
          <Badge color="gray" variant="light">
            off
          </Badge>
        )}
      </Group>,
      describeEvents(r),
      `${describeProjects(r.projects)}${teamName(r.teamUuid)}`,
      `${r.minSeverity} and above`,
      channelName(r.channelUuid),
      r.mode === 'digest' ? 'Daily digest' : 'Immediately',
      ...(mayEdit
        ? [
            <Group key="a" gap="xs" wrap="nowrap">
              <RowActions
                what="rule"
                confirm={`Delete the rule ${r.name}?`}
                onChange={() => setEditing(r)}
                onDelete={() => remove.mutate(r)}
                deleting={remove.isPending && remove.variables?.uuid === r.uuid}
              />
            </Group>,
          ]
        : []),
    ],
  }))
  return (
    <SectionCard
      title="Rules"
      subtitle="Which events of which projects go to which channel. Excluded findings never alert."
      aside={
        mayEdit ? (
          <Button
            size="sm"
            onClick={() => setEditing('new')}
            disabled={channels.length === 0}
            data-testid="rule-add"
          >
            Add rule
          </Button>
        ) : null
      }
      testId="rules-card"
    >
      {rules.isError ? <Alert color="red">Rules could not be loaded: {rules.error.message}</Alert> : null}
      {remove.isError ? <Alert color="red">{failureText(remove.error)}</Alert> : null}
      {rules.data?.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="rules-empty">
          No rule yet: nothing is sent.
        </Text>
      ) : rules.data ? (
        <SimpleTable
          header={['Name', 'Events', 'Projects', 'Severity', 'Channel', 'When', ...(mayEdit ? [''] : [])]}
          rows={rows}
          testId="rules-table"
        />
      ) : null}
      {editing ? (
        <RuleDialog
          accountId={accountId}
          rule={editing === 'new' ? null : editing}
          channels={channels}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </SectionCard>
  )
}
