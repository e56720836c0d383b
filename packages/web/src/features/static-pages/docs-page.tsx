// /docs: how to get a first report from this server (uploads, CLI, API reference link).
import { Anchor, Code, Text, Title } from '@mantine/core'
import { StaticPage } from './static-page'

const origin = typeof window === 'undefined' ? 'http://localhost:8080' : window.location.origin

export function DocsPage() {
  return (
    <StaticPage title="Documentation" lead="Get a first report from this server in a minute.">
      <Title order={2} size="h4">
        Upload an SBOM
      </Title>
      <Text>Send a CycloneDX JSON file; the answer names the new project and its branch.</Text>
      <Code
        block
        my="sm"
      >{`curl -F file=@bom.json '${origin}/api/v1/uploads/new/sbom-cdx.json?branch=main'`}</Code>
      <Title order={2} size="h4">
        Upload manifests and lockfiles
      </Title>
      <Text>One part per file; each part's file name is its path relative to the project root.</Text>
      <Code block my="sm">
        {`curl -F 'file=@package.json;filename=package.json' \\\n     -F 'file=@package-lock.json;filename=package-lock.json' \\\n     '${origin}/api/v1/uploads/new/manifests?branch=main'`}
      </Code>
      <Title order={2} size="h4">
        Authenticate
      </Title>
      <Text>
        Without a header you act as the public default account. Send{' '}
        <Code>Authorization: Bearer &lt;access token&gt;</Code> after signing in, or{' '}
        <Code>Authorization: Token &lt;API token&gt;</Code> from scripts and CI.
      </Text>
      <Title order={2} size="h4">
        Reference
      </Title>
      <Text>
        Every route, parameter and answer is listed in the <Anchor href="/api/docs">API reference</Anchor>.
      </Text>
    </StaticPage>
  )
}
