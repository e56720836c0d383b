// E-mail and password for POST /api/v1/credentials/login. A failed sign-in shows the spec's
// 'THIS USER IS NOT IN THE SYSTEM' for 5 s (accounts-and-api §2, §8, §9), or the lock message.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import type { LoginResponse } from '@sextant/contract'
import { isSdkError } from '@sextant/sdk'
import { type FormEvent, useEffect, useState } from 'react'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi } from '../account/account-api'
import { LOGIN_ERROR_MESSAGE, LOGIN_ERROR_MS } from './sign-in-rules'

export function CredentialsForm({
  onAnswer,
  onFailure,
}: {
  onAnswer: (a: LoginResponse, email: string) => Promise<void>
  /** Told when the failure message shows (true) and when it goes after 5 s (false). */
  onFailure?: (shown: boolean) => void
}) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const {
    busy,
    error: failure,
    run,
    clearError,
  } = useMutationForm({
    // 429: the login is locked for a while; its message says for how long.
    describe: (error) => (isSdkError(error) && error.status === 429 ? error.message : LOGIN_ERROR_MESSAGE),
  })

  useEffect(() => {
    onFailure?.(failure !== null)
    if (!failure) return
    const timer = setTimeout(clearError, LOGIN_ERROR_MS)
    return () => clearTimeout(timer)
  }, [failure, onFailure, clearError])

  async function submit(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      const answer = await accountApi.login(email.trim(), password)
      await onAnswer(answer, email.trim())
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert" fw={700} ta="center" data-testid="sign-in-error">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-testid="sign-in-email"
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-testid="sign-in-password"
        />
        <Button
          type="submit"
          loading={busy}
          fullWidth
          size="md"
          disabled={!email.trim() || !password}
          data-testid="sign-in-submit"
        >
          Sign in
        </Button>
      </Stack>
    </form>
  )
}
