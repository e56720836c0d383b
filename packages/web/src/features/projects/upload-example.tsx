// How to send the first scan (issue 14 "Private by default"): the curl command with an API token, so that
// the project lands in the member's account and stays private, and where to create that token.
import { Anchor, Code, Text } from '@mantine/core'
import { Link } from 'react-router-dom'

export function uploadExample(origin: string): string {
  return [
    `curl -H 'Authorization: Token <your API token>' \\`,
    `  -F file=@package.json -F file=@package-lock.json \\`,
    `  '${origin}/api/v1/uploads/new/manifests?branch=main'`,
  ].join('\n')
}

export function UploadExample() {
  return (
    <>
      <Text size="sm">
        Upload an SBOM or your manifests and lockfiles to create the first project, for example:
      </Text>
      <Code block mt="sm" data-testid="upload-example">
        {uploadExample(window.location.origin)}
      </Code>
      <Text size="sm" mt="sm">
        Create the token under{' '}
        <Anchor component={Link} to="/account" data-testid="token-link">
          My account → API tokens
        </Anchor>
        . With it the project belongs to your account and stays private; an SBOM goes to{' '}
        <Code>/api/v1/uploads/new/sbom-cdx.json</Code> the same way.
      </Text>
    </>
  )
}
