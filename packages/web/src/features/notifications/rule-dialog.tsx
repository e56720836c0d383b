// Add or change a notification rule (issue 16 "Notification rules"): which events, which projects (all,
// by tag, by name pattern), the minimum severity, an EPSS threshold, the channel, and immediate or daily
// digest. Rules run after exclusions (server side), so an excluded finding never alerts.
import {
  Checkbox,
  Input,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core'
import {
  type NotificationChannel,
  type NotificationEvent,
  type NotificationRule,
  notificationEvents,
} from '@sextant/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureText, notificationKeys, notifications } from './notifications-api'
import { eventLabels, kindLabels, type MinSeverity, SEVERITIES } from './notifications-model'
import { DialogFooter } from './row-actions'
import { emptyRuleForm, type RuleForm, ruleBody, ruleFormOf } from './rule-model'
import { TeamSelect } from './team-select'

interface Props {
  accountId: string
  rule: NotificationRule | null
  channels: readonly NotificationChannel[]
  onClose: () => void
}

export function RuleDialog({ accountId, rule, channels, onClose }: Props) {
  const queryClient = useQueryClient()
  const [form, setForm] = useState<RuleForm>(rule ? ruleFormOf(rule) : emptyRuleForm(channels[0]?.uuid))
  const [problem, setProblem] = useState<string | null>(null)
  const set = (change: Partial<RuleForm>) => setForm((f) => ({ ...f, ...change }))
  const save = useMutation({
    mutationFn: async () => {
      const checked = ruleBody(form)
      if (!checked.ok) throw new Error(checked.message)
      return rule
        ? notifications.updateRule(accountId, rule.uuid, checked.body)
        : notifications.createRule(accountId, checked.body)
    },
    onMutate: () => setProblem(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.rules(accountId) })
      onClose()
    },
    onError: (error) => setProblem(failureText(error)),
  })
  return (
    <Modal opened onClose={onClose} title={rule ? `Change ${rule.name}` : 'Add a rule'} size="lg">
      <Stack gap="sm" data-testid="rule-dialog">
        <TextInput
          label="Name"
          required
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          data-testid="rule-name"
        />
        <TeamSelect
          accountId={accountId}
          value={form.teamUuid}
          onChange={(teamUuid) => set({ teamUuid })}
          description="Only the projects of this team (with the selection below)."
        />
        <Checkbox.Group
          label="Events"
          value={form.events}
          onChange={(v) => set({ events: v as NotificationEvent[] })}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
            {notificationEvents.map((e) => (
              <Checkbox key={e} value={e} label={eventLabels[e]} data-testid={`rule-event-${e}`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {form.events.includes('epss') ? (
          <TextInput
            label="EPSS threshold"
            description="Alert on new findings whose exploit probability is at or above this (0 to 1)."
            value={form.epssThreshold}
            onChange={(e) => set({ epssThreshold: e.currentTarget.value })}
            data-testid="rule-epss"
          />
        ) : null}
        <Select
          label="Minimum severity"
          description="Security findings below it send nothing."
          data={[...SEVERITIES]}
          value={form.minSeverity}
          onChange={(v) => v && set({ minSeverity: v as MinSeverity })}
          allowDeselect={false}
        />
        <Input.Wrapper label="Projects">
          <Stack gap={4}>
            <SegmentedControl
              data={[
                { value: 'all', label: 'All projects' },
                { value: 'tag', label: 'By tag' },
                { value: 'name', label: 'By name pattern' },
              ]}
              value={form.projectKind}
              onChange={(v) => set({ projectKind: v as RuleForm['projectKind'] })}
              data-testid="rule-projects"
            />
            {form.projectKind === 'tag' ? (
              <TextInput
                placeholder="payments, production"
                description="Projects carrying any of these tags."
                value={form.tags}
                onChange={(e) => set({ tags: e.currentTarget.value })}
                data-testid="rule-tags"
              />
            ) : null}
            {form.projectKind === 'name' ? (
              <TextInput
                placeholder="payments-*"
                description="* any characters, ? one; case-insensitive."
                value={form.pattern}
                onChange={(e) => set({ pattern: e.currentTarget.value })}
                data-testid="rule-pattern"
              />
            ) : null}
          </Stack>
        </Input.Wrapper>
        <Select
          label="Channel"
          data={channels.map((c) => ({ value: c.uuid, label: `${c.name} (${kindLabels[c.kind]})` }))}
          value={form.channelUuid || null}
          onChange={(v) => set({ channelUuid: v ?? '' })}
          data-testid="rule-channel"
        />
        <Input.Wrapper label="When">
          <SegmentedControl
            fullWidth
            data={[
              { value: 'immediate', label: 'Immediately' },
              { value: 'digest', label: 'Daily digest' },
            ]}
            value={form.mode}
            onChange={(v) => set({ mode: v as RuleForm['mode'] })}
            data-testid="rule-mode"
          />
        </Input.Wrapper>
        <Switch
          label="Enabled"
          checked={form.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        <DialogFooter
          what="rule"
          problem={problem}
          confirmLabel={rule ? 'Save' : 'Add rule'}
          saving={save.isPending}
          onCancel={onClose}
          onSave={() => save.mutate()}
        />
      </Stack>
    </Modal>
  )
}
