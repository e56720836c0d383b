// /gdpr.html (report-page §2 Routes): the privacy notice of a self-hosted Sextant server; deletion
// requests are handled within 6 months (§9 "Deletion requests").
import { List, Text, Title } from '@mantine/core'
import { StaticPage } from './static-page'

export function PrivacyPage() {
  return (
    <StaticPage title="Privacy notice" lead="How this Sextant server handles personal data.">
      <Title order={2} size="h4">
        Who is responsible
      </Title>
      <Text>
        This server is operated by your organisation, which is the controller of the data it holds. Sextant
        sends no data to its authors and includes no tracking or analytics.
      </Text>
      <Title order={2} size="h4">
        What is stored
      </Title>
      <List>
        <List.Item>Account data: your name, e-mail address, role, and a hash of your password.</List.Item>
        <List.Item>
          What you upload: manifests, lockfiles and SBOMs, and the reports built from them.
        </List.Item>
        <List.Item>
          Security records: sign-in times and API token use, kept to protect your account.
        </List.Item>
      </List>
      <Title order={2} size="h4">
        Where it goes
      </Title>
      <Text>
        Data stays in this server's database. To look up package versions, licences and advisories the server
        may contact public registries with package names and versions only, never with your files or personal
        data.
      </Text>
      <Title order={2} size="h4">
        Your rights
      </Title>
      <Text>
        You may ask this server's administrator for a copy of your data, for corrections, or for deletion of
        your account and reports. Deletion requests are carried out within 6 months at the latest.
      </Text>
    </StaticPage>
  )
}
