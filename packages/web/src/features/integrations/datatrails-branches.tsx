// The account's project branches and their DataTrails assets (spec accounts-and-api §7 "GET /api/v1/rkvst/
// accounts/{id}/projects", "…/link, unlink and publish", "…/sboms/{sbomId}/publish and withdraw"): one row
// per branch with its asset and last SBOM (state, SHA-256), the actions the member's role allows (§6) and
// the branch's history on demand. Linking needs the application set up; publishing needs a linked branch.
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import type { RkvstBranch } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureMessage } from '../../lib/sdk'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { type DataTrailsRights, datatrails, datatrailsKeys } from './datatrails-api'
import { DataTrailsHistory } from './datatrails-history'

export function DataTrailsBranches({
  accountId,
  configured,
  rights,
}: {
  accountId: string
  configured: boolean
  rights: DataTrailsRights
}) {
  const branches = useQuery({
    queryKey: datatrailsKeys.branches(accountId),
    queryFn: () => datatrails.projects(accountId),
  })
  if (branches.isError)
    return (
      <Text c="red" size="sm">
        The branches could not be loaded: {branches.error.message}
      </Text>
    )
  if (!branches.data) return null
  if (!branches.data.length)
    return (
      <Text size="sm" c="dimmed" mt="md">
        The account has no analysed project branch yet.
      </Text>
    )
  return (
    <Stack gap="xs" mt="md">
      {configured ? null : (
        <Text size="sm" c="dimmed" data-testid="datatrails-not-configured">
          Branches are linked once an Administrator has saved the DataTrails application.
        </Text>
      )}
      <Table striped withTableBorder fz="sm" data-testid="datatrails-branches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th>Branch</Table.Th>
            <Table.Th>Asset</Table.Th>
            <Table.Th>Last SBOM</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {branches.data.map((b) => (
            <BranchRow
              key={`${b.projectId}/${b.branch}`}
              accountId={accountId}
              branch={b}
              configured={configured}
              rights={rights}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

function BranchRow({
  accountId,
  branch: b,
  configured,
  rights,
}: {
  accountId: string
  branch: RkvstBranch
  configured: boolean
  rights: DataTrailsRights
}) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [showHistory, setShowHistory] = useState(false)
  const action = useMutation({
    mutationFn: async (what: 'link' | 'unlink' | 'publish' | 'withdraw' | 'republish') => {
      if (what === 'link') return datatrails.link(accountId, b.projectId, b.branch).then(() => 'linked')
      if (what === 'unlink') return datatrails.unlink(accountId, b.projectId, b.branch).then(() => 'unlinked')
      if (what === 'publish')
        return datatrails.publish(accountId, b.projectId, b.branch).then(() => 'published')
      const sbomId = b.lastSbom?.id ?? ''
      if (what === 'withdraw') return datatrails.withdrawSbom(accountId, sbomId).then(() => 'SBOM withdrawn')
      return datatrails.publishSbom(accountId, sbomId).then(() => 'SBOM published again')
    },
    onSuccess: (done) => showAlert('success', `${b.projectName} ${b.branch}: ${done}.`),
    onError: (error) => showAlert('error', failureMessage(error)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: datatrailsKeys.branches(accountId) })
      void queryClient.invalidateQueries({
        queryKey: datatrailsKeys.history(accountId, b.projectId, b.branch),
      })
    },
  })
  const busy = action.isPending
  const sbom = b.lastSbom
  return (
    <>
      <Table.Tr data-testid="datatrails-branch-row">
        <Table.Td>{b.projectName}</Table.Td>
        <Table.Td>{b.branch}</Table.Td>
        <Table.Td>
          {b.assetIdentity ? (
            <Text size="xs" ff="monospace">
              {b.assetIdentity}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              not linked
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {sbom ? (
            <Stack gap={2} align="flex-start">
              <Badge variant="light" color={sbom.state === 'published' ? 'green' : 'gray'}>
                {sbom.state}
              </Badge>
              <Text size="xs" ff="monospace" title={`SHA-256 ${sbom.sha256}`}>
                {sbom.sha256.slice(0, 12)}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              none
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Group gap={6}>
            {rights.linkBranches && !b.linked ? (
              <Button
                size="xs"
                disabled={!configured || busy}
                onClick={() => action.mutate('link')}
                data-testid="datatrails-link"
              >
                Link
              </Button>
            ) : null}
            {rights.publish && b.linked ? (
              <Button
                size="xs"
                disabled={busy}
                onClick={() => action.mutate('publish')}
                data-testid="datatrails-publish"
              >
                Publish
              </Button>
            ) : null}
            {rights.publish && sbom?.state === 'published' ? (
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => action.mutate('withdraw')}
                data-testid="datatrails-withdraw"
              >
                Withdraw SBOM
              </Button>
            ) : null}
            {rights.publish && sbom?.state === 'withdrawn' ? (
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => action.mutate('republish')}
                data-testid="datatrails-republish"
              >
                Publish SBOM again
              </Button>
            ) : null}
            {rights.linkBranches && b.linked ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={busy}
                onClick={() => action.mutate('unlink')}
                data-testid="datatrails-unlink"
              >
                Unlink
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setShowHistory((v) => !v)}
              aria-expanded={showHistory}
              data-testid="datatrails-history-toggle"
            >
              History
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {showHistory ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <DataTrailsHistory accountId={accountId} projectId={b.projectId} branch={b.branch} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  )
}
