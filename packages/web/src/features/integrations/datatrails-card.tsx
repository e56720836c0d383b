// The asset-tracking integration's card on /account/integrations (issue 17 "Screens"; spec accounts-and-api
// §7 "Asset-tracking integration"): the DataTrails application (address, client id, a write-only secret)
// with 'Check' and 'Save', then the account's project branches with link / unlink, publish, SBOM
// withdraw / publish again and history. §6: the credentials are configuration (Administrators); linking
// edits projects, publishing edits reports, everyone who sees the account reads the list and history.
import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { SectionCard } from '../../ui/section-card'
import { type DataTrailsRights, datatrails, datatrailsKeys } from './datatrails-api'
import { DataTrailsBranches } from './datatrails-branches'
import { DataTrailsCredentialsForm } from './datatrails-credentials'

export function DataTrailsCard({ accountId, rights }: { accountId: string; rights: DataTrailsRights }) {
  const credentials = useQuery({
    queryKey: datatrailsKeys.credentials(accountId),
    queryFn: () => datatrails.credentials(accountId),
  })
  return (
    <SectionCard
      title="DataTrails asset tracking"
      subtitle="Each linked branch is an asset; publishing records the latest report and its CycloneDX SBOM as an event"
      testId="datatrails-card"
    >
      {credentials.isError ? (
        <Text c="red" size="sm">
          DataTrails could not be loaded: {credentials.error.message}
        </Text>
      ) : credentials.data ? (
        <>
          <DataTrailsCredentialsForm
            accountId={accountId}
            saved={credentials.data}
            mayEdit={rights.configure}
          />
          <DataTrailsBranches
            accountId={accountId}
            configured={credentials.data.configured}
            rights={rights}
          />
        </>
      ) : null}
    </SectionCard>
  )
}
