// /terms.html (report-page §2 Routes): the terms of use of a self-hosted Sextant server.
import { List, Text, Title } from '@mantine/core'
import { StaticPage } from './static-page'

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of use"
      lead="These terms apply to this Sextant server, which is run by your organisation."
    >
      <Title order={2} size="h4">
        The service
      </Title>
      <Text>
        Sextant analyses the open-source libraries your projects use and reports on security, stability and
        licensing. Reports are produced automatically from the files you upload or the repositories you
        connect, and from public advisory and registry data available to this server.
      </Text>
      <Title order={2} size="h4">
        No warranty
      </Title>
      <Text>
        Reports are provided as they are. A report can miss a vulnerability, a newer version or a licence
        obligation, for example when advisory data is out of date or a file could not be read. Use the reports
        as one input to your own decisions, not as legal advice.
      </Text>
      <Title order={2} size="h4">
        Your responsibilities
      </Title>
      <List>
        <List.Item>Upload only material you are allowed to share with this server's operators.</List.Item>
        <List.Item>Keep your password and API tokens secret, and revoke tokens you no longer need.</List.Item>
        <List.Item>Do not use the service to overload or probe this server or other systems.</List.Item>
      </List>
      <Title order={2} size="h4">
        Operator
      </Title>
      <Text>
        This server's operator may change these terms, suspend accounts that break them, and delete data as
        described in the privacy notice. Sextant itself is open-source software distributed under the Apache
        License 2.0.
      </Text>
    </StaticPage>
  )
}
