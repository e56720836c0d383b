// The processing page's registry-lookup use (report-page §2 Routes: source=report, type=registry_url,
// create=true, useSDK=true, noProgress=true, name, version, language and a custom_message saying the
// component is being looked for in the registries of that language; issue 17 "Component links"): shows
// the message, asks GET /api/v1/components/{language}/{name}/{version}/registryWebUrl and goes to the
// page; a language without a registry (linux included) says so instead of making a link.
import { Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { componentsApi } from '@sextant/sdk'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { sdk } from '../../lib/sdk'

const components = componentsApi(sdk)

export function RegistryLookup() {
  const [search] = useSearchParams()
  const language = search.get('language') ?? ''
  const name = search.get('name') ?? ''
  const version = search.get('version') ?? ''
  const message = search.get('custom_message') ?? `Looking for ${name} in the ${language} registries…`
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    if (!language || !name || !version || language === 'linux') {
      setFailure(`No registry page for ${name || 'this component'}${language ? ` (${language})` : ''}.`)
      return
    }
    components
      .registryWebUrl(language, name, version)
      .then((link) => window.location.assign(link.url))
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)))
  }, [language, name, version])
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" data-testid="registry-lookup">
      <Stack gap="md" align="center">
        <Title order={1} size="h3">
          {failure ? 'No registry page' : 'Looking up the registry'}
        </Title>
        <Text size="sm">{message}</Text>
        {failure ? (
          <Text c="red.7" size="sm" data-testid="registry-lookup-failure">
            {failure}
          </Text>
        ) : (
          <Loader aria-label="Looking up" />
        )}
      </Stack>
    </Paper>
  )
}
