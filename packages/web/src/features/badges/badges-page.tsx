// The badges page /projects/badges?pid&branch[&gh] (report-page §2 Banners "badges page with a gh
// parameter"): the badges panel of the branch; gh, the project's repository address, names the README to
// paste the snippets into.
import { Anchor, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { reportHref } from '../../lib/links'
import { sdk } from '../../lib/sdk'
import { SignInGate } from '../../shared/session/sign-in-gate'
import { useMemberView } from '../../shared/session/use-member-view'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'
import { BadgesPanel } from './badges-panel'

function BadgesContent() {
  const [search] = useSearchParams()
  const pid = search.get('pid') ?? ''
  const member = useMemberView()
  const branch = search.get('branch') ?? 'main'
  const repository = search.get('gh')
  const project = useQuery({
    queryKey: ['project', pid],
    queryFn: () => sdk.call('projectGet', { params: { projectId: pid } }),
    enabled: pid !== '',
  })
  if (!pid || project.isError)
    return (
      <InlineNotice title="SORRY, WE COULDN'T FIND THE PROJECT" tone="danger" testId="badges-missing">
        {project.error?.message ?? 'Open the badges page from a report: it needs the project.'}
      </InlineNotice>
    )
  if (!project.data) return <PageLoader label="Loading the badges…" />
  return (
    <Stack gap="lg" maw={880} mx="auto" data-testid="badges-page">
      <div>
        <Title order={1} size="h2">
          Badges of {project.data.title || project.data.name}
        </Title>
        {repository ? <Text size="sm">Paste a snippet into the README of {repository}.</Text> : null}
        <Anchor component={Link} to={reportHref(pid, branch, { member })} size="sm">
          Back to the report
        </Anchor>
      </div>
      <BadgesPanel project={project.data} branch={branch} />
    </Stack>
  )
}

export function BadgesPage() {
  return (
    <SignInGate>
      <BadgesContent />
    </SignInGate>
  )
}
