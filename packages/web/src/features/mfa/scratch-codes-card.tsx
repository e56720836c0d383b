// Scratch codes (accounts-and-api §7 MFA): ten single-use codes, shown once when created; afterwards
// only their hashes are listed, masked, with whether each was used; deleting removes them all.
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { SectionCard } from '../../ui/section-card'
import { MFA_STATUS_KEY } from './mfa-card'
import { NewScratchCodes } from './new-scratch-codes'

const SCRATCH_KEY = [...ACCOUNT_QUERY_KEY, 'scratch-codes'] as const

export function ScratchCodesCard() {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const list = useQuery({ queryKey: SCRATCH_KEY, queryFn: accountApi.scratchCodes })
  const [fresh, setFresh] = useState<string[] | null>(null)
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: SCRATCH_KEY })
    await queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY })
  }
  const create = useMutation({
    mutationFn: accountApi.createScratchCodes,
    onSuccess: async (answer) => {
      setFresh(answer.codes)
      await changed()
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const remove = useMutation({
    mutationFn: accountApi.deleteScratchCodes,
    onSuccess: async () => {
      setFresh(null)
      await changed()
      showAlert('success', 'The scratch codes were deleted.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const codes = list.data?.codes ?? []
  const unused = codes.filter((c) => !c.used).length

  return (
    <SectionCard
      title="Scratch codes"
      subtitle="For when your phone is not at hand"
      aside={
        <Badge variant="light" color={unused ? 'teal' : 'gray'} data-testid="scratch-count">
          {unused} unused
        </Badge>
      }
      testId="scratch-card"
    >
      <Stack gap="sm">
        {fresh ? <NewScratchCodes codes={fresh} onClose={() => setFresh(null)} /> : null}
        {!fresh && codes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No scratch codes yet. Each code signs you in once, instead of the app's code.
          </Text>
        ) : null}
        {!fresh && codes.length > 0 ? (
          <SimpleGrid cols={{ base: 2, xs: 2 }} spacing={6} data-testid="scratch-list">
            {codes.map((c) => (
              <Group key={c.hash} gap={6} wrap="nowrap" c={c.used ? 'dimmed' : undefined} data-used={c.used}>
                <Text
                  ff="monospace"
                  size="xs"
                  td={c.used ? 'line-through' : undefined}
                  title="Stored as a hash: the code itself is not kept"
                >
                  ••••‑{c.hash.slice(0, 8)}
                </Text>
                {c.used ? (
                  <Text size="xs" c="dimmed">
                    used
                  </Text>
                ) : null}
              </Group>
            ))}
          </SimpleGrid>
        ) : null}
        <Group gap="sm">
          <Button
            variant={codes.length ? 'default' : 'filled'}
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="scratch-create"
          >
            {codes.length ? 'Replace with new codes' : 'Create scratch codes'}
          </Button>
          {codes.length ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="scratch-delete"
            >
              Delete all
            </Button>
          ) : null}
        </Group>
      </Stack>
    </SectionCard>
  )
}
