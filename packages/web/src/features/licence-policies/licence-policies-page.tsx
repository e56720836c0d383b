// /account/licence-policies: the account's licence policies (product-notes "Licence policies";
// accounts-and-api §7 "Licence policies", §6 area "policies": Administrators and team administrators
// edit, every member reads): list, create from a template or a custom list, edit, delete.
import { Group, Stack, Text } from '@mantine/core'
import type { LicencePolicyDto } from '@sextant/contract'
import { useState } from 'react'
import { failureMessage } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { useRights } from '../../shared/account/use-rights'
import { useSession } from '../../shared/session/use-session'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { SectionCard } from '../../ui/section-card'
import { PolicyCard } from './policy-card'
import { PolicyFormDialog } from './policy-form-dialog'
import { useLicencePolicies, useLicencePolicyMutations, useTagNames } from './use-licence-policies'

export function LicencePoliciesPage() {
  const { user } = useSession()
  const may = useRights()
  const { showAlert } = useAlerts()
  const accountId = user?.account.uuid ?? ''
  const policies = useLicencePolicies(accountId)
  const tagNames = useTagNames()
  const { remove } = useLicencePolicyMutations(accountId)
  const [editing, setEditing] = useState<LicencePolicyDto | 'new' | null>(null)
  const [deleting, setDeleting] = useState<LicencePolicyDto | null>(null)
  const list = policies.data ?? []
  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      showAlert('success', `Policy ${deleting.name} was deleted.`)
    } catch (error) {
      showAlert('error', failureMessage(error))
    }
    setDeleting(null)
  }
  return (
    <Stack gap="lg">
      <SectionCard
        title="Licence policies"
        subtitle="Licences your projects may not use (DENY) or the only ones they may use (ALLOW); a violation names its policy in the report"
        aside={
          <GuardedButton
            allowed={may('policies', 'create')}
            size="sm"
            onClick={() => setEditing('new')}
            testId="policy-new"
          >
            New policy
          </GuardedButton>
        }
        testId="licence-policies"
      >
        {policies.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md" data-testid="policies-empty">
            No licence policy yet: reports list licences and warnings but find no violation.
          </Text>
        ) : null}
        {policies.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {failureMessage(policies.error)}
          </Text>
        ) : null}
        <Stack gap="sm">
          {list.map((p) => (
            <PolicyCard
              key={p.id}
              policy={p}
              mayEdit={may('policies', 'edit')}
              mayDelete={may('policies', 'delete')}
              onEdit={() => setEditing(p)}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </Stack>
      </SectionCard>
      <Group justify="center">
        <Text size="xs" c="dimmed">
          Policies apply to a project's next analysis or recompute.
        </Text>
      </Group>
      {editing ? (
        <PolicyFormDialog
          accountId={accountId}
          policy={editing === 'new' ? null : editing}
          tagNames={tagNames.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete the policy?"
          message={`Delete ${deleting.name}? Reports built from now on no longer check it.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      ) : null}
    </Stack>
  )
}
