// /forgot-password: ask for a reset link by e-mail (POST /api/v1/credentials/forget?email=; accounts-and-api
// §7). The server answers the same whether or not the address is known; the page says so.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../../shared/account/account-api'
import { AuthCard } from '../../shared/session/auth-card'
import { emailProblem } from './password-rules'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const { busy, error: failure, run } = useMutationForm({ describe: failureMessage })
  const [sent, setSent] = useState<string | null>(null)
  const problem = touched ? emailProblem(email) : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (emailProblem(email)) return
    await run(async () => setSent((await accountApi.forget(email)).message))
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Give the e-mail address of your account and we send you a link to choose a new password."
      testId="forgot-page"
      footer={
        <Text size="sm" c="dimmed" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to="/account/sign-in">
            Sign in
          </Anchor>
        </Text>
      }
    >
      {sent ? (
        <Alert color="green" variant="light" data-testid="forgot-sent" title="Check your mailbox">
          {sent} The link works once, for one hour.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert" data-testid="forgot-error">
                {failure}
              </Alert>
            ) : null}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              required
              value={email}
              error={problem}
              onBlur={() => setTouched(email.length > 0)}
              onChange={(event) => setEmail(event.currentTarget.value)}
              data-testid="forgot-email"
            />
            <Button type="submit" size="md" fullWidth loading={busy} data-testid="forgot-submit">
              Send the reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  )
}
