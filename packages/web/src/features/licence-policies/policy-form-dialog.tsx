// Create or change a licence policy (product-notes "Licence policies"; accounts-and-api §7): a
// built-in template or a custom DENY / ALLOW list, bound by project-name pattern or tag.
import {
  Alert,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core'
import type { LicencePolicyDto } from '@sextant/contract'
import { useState } from 'react'
import { failureMessage } from '../../shared/account/account-api'
import { ModalActions } from '../../ui/modal-actions'
import { LicenceListInput } from './licence-list-input'
import {
  emptyPolicyForm,
  type PolicyForm,
  type PolicyTemplate,
  policyBody,
  policyFormErrors,
  policyFormOf,
  TEMPLATE_CHOICES,
} from './policy-form-model'
import { useLicencePolicyMutations } from './use-licence-policies'

interface PolicyFormDialogProps {
  accountId: string
  policy: LicencePolicyDto | null
  tagNames: string[]
  onClose: () => void
}

export function PolicyFormDialog({ accountId, policy, tagNames, onClose }: PolicyFormDialogProps) {
  const [form, setForm] = useState<PolicyForm>(() => (policy ? policyFormOf(policy) : emptyPolicyForm()))
  const [showErrors, setShowErrors] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const { save } = useLicencePolicyMutations(accountId)
  const set = <K extends keyof PolicyForm>(key: K, value: PolicyForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }))
  const errors = showErrors ? policyFormErrors(form) : {}
  const submit = async () => {
    setShowErrors(true)
    if (Object.keys(policyFormErrors(form)).length > 0) return
    try {
      await save.mutateAsync({ policyId: policy?.id ?? null, body: policyBody(form) })
      onClose()
    } catch (error) {
      setServerError(failureMessage(error))
    }
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={policy ? `Edit ${policy.name}` : 'New licence policy'}
      size="lg"
      data-testid="policy-dialog"
    >
      <Stack gap="md">
        <SegmentedControl
          value={form.mode}
          onChange={(v) => set('mode', v as PolicyForm['mode'])}
          data={[
            { value: 'template', label: 'Built-in template' },
            { value: 'custom', label: 'Custom list' },
          ]}
          data-testid="policy-mode"
        />
        {form.mode === 'template' ? (
          <Radio.Group
            value={form.template}
            onChange={(v) => set('template', v as PolicyTemplate)}
            label="Template"
          >
            <Stack gap={8} mt={6}>
              {TEMPLATE_CHOICES.map((t) => (
                <Radio
                  key={t.value}
                  value={t.value}
                  label={t.label}
                  description={t.description}
                  data-testid={`policy-template-${t.value}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <TextInput
          label="Name"
          description={
            form.mode === 'template'
              ? "Optional: the template's name is used otherwise."
              : 'Shown with every violation the policy finds.'
          }
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-testid="policy-name"
        />
        {form.mode === 'custom' ? (
          <>
            <Radio.Group
              value={form.kind}
              onChange={(v) => set('kind', v as PolicyForm['kind'])}
              label="Kind"
            >
              <Group gap="lg" mt={6}>
                <Radio
                  value="DENY"
                  label="DENY: the listed licences are forbidden"
                  data-testid="policy-kind-deny"
                />
                <Radio
                  value="ALLOW"
                  label="ALLOW: only the listed licences are permitted"
                  data-testid="policy-kind-allow"
                />
              </Group>
            </Radio.Group>
            <LicenceListInput
              value={form.licences}
              onChange={(v) => set('licences', v)}
              error={errors.licences}
            />
            <TagsInput
              label="Account licence ids"
              description="Your own proprietary licence ids, not on the SPDX list (e.g. Acme-EULA). Press Enter after each."
              value={form.customLicences}
              onChange={(v) => set('customLicences', v)}
              data-testid="policy-custom-licences"
            />
          </>
        ) : null}
        <TagsInput
          label="Project name patterns"
          description="e.g. acme-* ; leave empty (and no tag) to apply to every project. Press Enter after each."
          value={form.projectPatterns}
          onChange={(v) => set('projectPatterns', v)}
          data-testid="policy-patterns"
        />
        <TagsInput
          label="Project tags"
          description="Projects carrying one of these account tags."
          data={tagNames}
          value={form.tags}
          onChange={(v) => set('tags', v)}
          data-testid="policy-tags"
        />
        <Text size="xs" c="dimmed">
          Policies apply from the next analysis or recompute of each project.
        </Text>
        {serverError ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <ModalActions
          onCancel={onClose}
          onConfirm={submit}
          confirmLabel={policy ? 'Save' : 'Create'}
          loading={save.isPending}
          testId="policy-save"
        />
      </Stack>
    </Modal>
  )
}
