// /accept-invitation?token=: the page the invitation e-mail links to (POST /api/v1/credentials/accept;
// issue 13 items 6, 7). Accepting makes the membership; someone without a Sextant user chooses a password
// (and name) here, someone with one keeps theirs. Either then signs in as usual (password and second
// factor): an invitation never signs anyone in.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../../shared/account/account-api'
import { AuthCard } from '../../shared/session/auth-card'
import { PASSWORD_MIN, passwordProblem } from './password-rules'

export function AcceptInvitationPage() {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error: failure, run } = useMutationForm({ describe: failureMessage })
  const [done, setDone] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      // a weak password is refused here, shown where the server's refusal shows
      const problem = password ? passwordProblem(password) : null
      if (problem) throw new Error(problem)
      const answer = await accountApi.acceptInvitation(token, password || undefined, name.trim() || undefined)
      setDone(answer.message)
    })
  }

  if (done)
    return (
      <AuthCard title="Invitation accepted" subtitle="Sign in to open the account." testId="accept-done">
        <Stack gap="md">
          <Alert color="green" variant="light" data-testid="accept-message">
            {done}
          </Alert>
          <Button component={Link} to="/account/sign-in" size="md" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Accept the invitation"
      subtitle="Already a Sextant user? Just accept: your password stays as it is."
      testId="accept-page"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!token ? (
            <Alert color="yellow" variant="light" data-testid="accept-no-token">
              The link has no invitation token: open the link of the e-mail again.
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="accept-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Your name"
            description="New users only; the inviter's spelling is used if left empty."
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="accept-name"
          />
          <PasswordInput
            label="Choose a password"
            description={`New users only: at least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="accept-password"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={busy}
            disabled={!token}
            data-testid="accept-submit"
          >
            Accept
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            <Anchor component={Link} to="/account/sign-in">
              Sign in instead
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}
