// /contact, linked from the footer (report-page §2 Header): who to contact about this server.
import { Text } from '@mantine/core'
import { StaticPage } from './static-page'

export function ContactPage() {
  return (
    <StaticPage title="Contact" lead="This Sextant server is run by your organisation.">
      <Text>
        For access to projects, new accounts, password resets or questions about a report, contact the
        administrator of this server, usually the team that shared its address with you. Requests about your
        personal data are handled as described in the privacy notice.
      </Text>
    </StaticPage>
  )
}
