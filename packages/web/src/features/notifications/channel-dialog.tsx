// Add or change a notification channel (issue 16 "Channels"): e-mail recipients, Slack (incoming
// webhook or bot token + channel) or a signed webhook. Secret fields start empty and are never filled
// from the server: the stored secret is only said to be set, and kept when the field stays empty.
import { Modal, PasswordInput, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core'
import type { NotificationChannel } from '@sextant/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureText, notificationKeys, notifications } from './notifications-api'
import {
  type ChannelForm,
  channelBody,
  channelFormOf,
  emptyChannelForm,
  kindLabels,
} from './notifications-model'
import { DialogFooter } from './row-actions'
import { TeamSelect } from './team-select'

interface Props {
  accountId: string
  /** The channel being changed, or null to add one. */
  channel: NotificationChannel | null
  onClose: () => void
}

function secretHint(stored: NotificationChannel | null, form: ChannelForm, what: string): string {
  const same =
    stored?.secretSet &&
    stored.kind === form.kind &&
    (form.kind !== 'slack' || stored.settings.mode === form.slackMode)
  return same ? `A ${what} is set and never shown again: leave empty to keep it.` : `Required: the ${what}.`
}

export function ChannelDialog({ accountId, channel, onClose }: Props) {
  const queryClient = useQueryClient()
  const [form, setForm] = useState<ChannelForm>(channel ? channelFormOf(channel) : emptyChannelForm())
  const [problem, setProblem] = useState<string | null>(null)
  const set = (change: Partial<ChannelForm>) => setForm((f) => ({ ...f, ...change }))
  const save = useMutation({
    mutationFn: async () => {
      const checked = channelBody(form, channel)
      if (!checked.ok) throw new Error(checked.message)
      return channel
        ? notifications.updateChannel(accountId, channel.uuid, checked.body)
        : notifications.createChannel(accountId, checked.body)
    },
    onMutate: () => setProblem(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all(accountId) })
      onClose()
    },
    onError: (error) => setProblem(failureText(error)),
  })
  const field = (key: keyof ChannelForm) => ({
    value: form[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  })
  return (
    <Modal opened onClose={onClose} title={channel ? `Change ${channel.name}` : 'Add a channel'} size="lg">
      <Stack gap="sm" data-testid="channel-dialog">
        <Select
          label="Kind"
          data={(['email', 'slack', 'webhook'] as const).map((k) => ({ value: k, label: kindLabels[k] }))}
          value={form.kind}
          onChange={(v) => v && set({ kind: v as ChannelForm['kind'] })}
          allowDeselect={false}
          data-testid="channel-kind"
        />
        <TextInput label="Name" required {...field('name')} data-testid="channel-name" />
        <TeamSelect
          accountId={accountId}
          value={form.teamUuid}
          onChange={(teamUuid) => set({ teamUuid })}
          description="A team's channel is tested by notify_test with that team."
        />
        {form.kind === 'email' ? (
          <Textarea
            label="Recipients"
            description="E-mail addresses of members of this account, separated by commas or lines."
            autosize
            minRows={2}
            {...field('recipients')}
            data-testid="channel-recipients"
          />
        ) : null}
        {form.kind === 'webhook' ? (
          <>
            <TextInput
              label="URL"
              placeholder="https://hooks.example.com/sextant"
              {...field('url')}
              data-testid="channel-url"
            />
            <PasswordInput
              label="Signing secret"
              description={`${secretHint(channel, form, 'signing secret')} Each request carries an HMAC-SHA256 signature made with it.`}
              autoComplete="new-password"
              {...field('secret')}
              data-testid="channel-secret"
            />
          </>
        ) : null}
        {form.kind === 'slack' ? (
          <>
            <SegmentedControl
              data={[
                { value: 'webhook', label: 'Incoming webhook' },
                { value: 'bot', label: 'Bot token' },
              ]}
              value={form.slackMode}
              onChange={(v) => set({ slackMode: v as ChannelForm['slackMode'] })}
            />
            {form.slackMode === 'webhook' ? (
              <PasswordInput
                label="Incoming-webhook URL"
                description={secretHint(channel, form, 'webhook URL')}
                autoComplete="new-password"
                {...field('webhookUrl')}
                data-testid="channel-slack-url"
              />
            ) : (
              <>
                <TextInput
                  label="Slack channel"
                  placeholder="#security or C0123456"
                  {...field('slackChannel')}
                />
                <PasswordInput
                  label="Bot token"
                  description={secretHint(channel, form, 'bot token')}
                  autoComplete="new-password"
                  {...field('token')}
                />
                <TextInput
                  label="Web API address"
                  placeholder="https://slack.com/api (default)"
                  {...field('apiUrl')}
                />
              </>
            )}
          </>
        ) : null}
        <DialogFooter
          what="channel"
          problem={problem}
          confirmLabel={channel ? 'Save' : 'Add channel'}
          saving={save.isPending}
          onCancel={onClose}
          onSave={() => save.mutate()}
        />
      </Stack>
    </Modal>
  )
}
