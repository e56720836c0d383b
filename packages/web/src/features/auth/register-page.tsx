// /register: sign up (POST /api/v1/credentials/register): the server mails the address a link that
// completes the sign-up (/confirm-sign-up, issue 13 item 7) and answers alike for every address; a new
// account with the caller as its Administrator; the name defaults to the part of the e-mail before '@'
// (accounts-and-api §5). Servers with SEXTANT_REGISTRATION=closed answer why sign-up is refused.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../../shared/account/account-api'
import { AuthCard } from '../../shared/session/auth-card'

export function RegisterPage() {
  const [sent, setSent] = useState<string | null>(null)
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error: failure, run } = useMutationForm({ describe: failureMessage })
  const localPart = email.includes('@') ? email.trim().split('@')[0] : ''

  async function submit(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      const answer = await accountApi.register(email.trim(), password, name.trim() || undefined)
      setSent(answer.message)
    })
  }

  if (sent)
    return (
      <AuthCard title="Check your mailbox" subtitle={email.trim()} testId="register-sent">
        <Alert color="blue" variant="light" data-testid="register-message">
          {sent}
        </Alert>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Create your Sextant account"
      subtitle="You become the Administrator of a new account and can invite your team afterwards."
      testId="register-page"
      footer={
        <Text size="sm" c="dimmed" ta="center">
          Have an account already?{' '}
          <Anchor component={Link} to="/account/sign-in">
            Sign in
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="register-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            data-testid="register-email"
          />
          <TextInput
            label="Name"
            description="Optional: the part of the e-mail before '@' is used if left empty."
            placeholder={localPart || 'e.g. alice'}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="register-name"
          />
          <PasswordInput
            label="Password"
            description="At least 10 characters."
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="register-password"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={busy}
            disabled={!email.trim() || password.length < 10}
            data-testid="register-submit"
          >
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
