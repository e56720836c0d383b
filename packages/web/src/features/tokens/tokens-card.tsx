// API tokens (accounts-and-api §7 Accounts → tokens): create (the secret is answered once), list and
// revoke. Collaborators and Viewers see and manage their own tokens only (§6 "tokens own only").
import { Badge, Button, Table, Text } from '@mantine/core'
import type { ApiTokenInfo } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatUtc } from '../../lib/format'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { useSession } from '../../shared/session/use-session'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { SectionCard } from '../../ui/section-card'
import { TokenCreateForm } from './token-create-form'

const TOKENS_KEY = [...ACCOUNT_QUERY_KEY, 'tokens'] as const

function state(token: ApiTokenInfo): { label: string; color: string } {
  if (token.revokedAt) return { label: 'Revoked', color: 'gray' }
  if (token.expiresAt && Date.parse(token.expiresAt) < Date.now()) return { label: 'Expired', color: 'gray' }
  return { label: 'Active', color: 'teal' }
}

export function TokensCard() {
  const { user } = useSession()
  const accountId = user?.account.uuid ?? ''
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const list = useQuery({
    queryKey: [...TOKENS_KEY, accountId],
    queryFn: () => accountApi.tokens(accountId),
    enabled: !!accountId,
  })
  const [revoking, setRevoking] = useState<string | null>(null)
  const revoke = useMutation({
    mutationFn: (tokenId: string) => accountApi.revokeToken(accountId, tokenId),
    onMutate: (tokenId) => setRevoking(tokenId),
    onSettled: () => setRevoking(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY })
      showAlert('success', 'The token was revoked: calls with it are refused from now on.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const tokens = (list.data ?? []).filter((t) => t.kind === 'api')

  return (
    <SectionCard
      title="API tokens"
      subtitle="For the CLI, CI jobs and scripts: send Authorization: Token <token>"
      testId="tokens-card"
    >
      <TokenCreateForm
        accountId={accountId}
        onCreated={() => queryClient.invalidateQueries({ queryKey: TOKENS_KEY })}
      />
      {tokens.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md">
          No API tokens yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} mt="md">
          <Table verticalSpacing="xs" data-testid="tokens-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => {
                const s = state(token)
                return (
                  <Table.Tr key={token.uuid} data-testid="token-row">
                    <Table.Td fw={600}>{token.name}</Table.Td>
                    <Table.Td>{formatUtc(token.createdAt)}</Table.Td>
                    <Table.Td>{token.expiresAt ? formatUtc(token.expiresAt) : 'Never'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={s.color}>
                        {s.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      {s.label === 'Active' ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={revoking === token.uuid}
                          onClick={() => revoke.mutate(token.uuid)}
                          data-testid="token-revoke"
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  )
}
