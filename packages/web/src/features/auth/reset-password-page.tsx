// /reset-password?token=: the page the forgotten-password e-mail links to (POST /api/v1/credentials/reset
// with the token and the new password; single use, one hour). The new password is checked here first
// (10 to 200 characters, typed twice); a used or expired token shows the server's message and a way
// to ask for a new link.
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../../shared/account/account-api'
import { AuthCard } from '../../shared/session/auth-card'
import { confirmationProblem, PASSWORD_MIN, passwordProblem } from './password-rules'

const askAgain = (
  <Anchor component={Link} to="/forgot-password" data-testid="reset-ask-again">
    Ask for a new link
  </Anchor>
)

export function ResetPasswordPage() {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [checked, setChecked] = useState({ password: false, confirmation: false })
  const { busy, error: failure, run } = useMutationForm({ describe: failureMessage })
  const [done, setDone] = useState(false)
  const problems = {
    password: checked.password ? passwordProblem(password) : null,
    confirmation: checked.confirmation ? confirmationProblem(password, confirmation) : null,
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setChecked({ password: true, confirmation: true })
    if (passwordProblem(password) || confirmationProblem(password, confirmation)) return
    await run(async () => {
      await accountApi.resetPassword(token, password)
      setDone(true)
    })
  }

  if (!token)
    return (
      <AuthCard title="Choose a new password" subtitle="This page opens from the link in the e-mail.">
        <Alert color="yellow" variant="light" data-testid="reset-no-token">
          The link has no reset token: open the link of the e-mail again, or {askAgain}.
        </Alert>
      </AuthCard>
    )
  if (done)
    return (
      <AuthCard title="Password changed" subtitle="Every session of your user has been signed out.">
        <Stack gap="md" data-testid="reset-done">
          <Alert color="green" variant="light">
            Your password has been changed. Sign in with the new one.
          </Alert>
          <Button component={Link} to="/account/sign-in" size="md" fullWidth data-testid="reset-sign-in">
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={`At least ${PASSWORD_MIN} characters; the link works once.`}
      testId="reset-page"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="reset-error">
              <Text size="sm">{failure}</Text>
              <Text size="sm" mt={4}>
                {askAgain}
              </Text>
            </Alert>
          ) : null}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={password}
            error={problems.password}
            onBlur={() => setChecked((c) => ({ ...c, password: password.length > 0 }))}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="reset-password"
          />
          <PasswordInput
            label="New password, again"
            autoComplete="new-password"
            required
            value={confirmation}
            error={problems.confirmation}
            onBlur={() => setChecked((c) => ({ ...c, confirmation: confirmation.length > 0 }))}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            data-testid="reset-confirmation"
          />
          <Button type="submit" size="md" fullWidth loading={busy} data-testid="reset-submit">
            Change the password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
