// The sign-in prompt (report-page §2 Layout): e-mail and password; a failed sign-in shows
// 'THIS USER IS NOT IN THE SYSTEM' for 5 s (§8, §9 "Login error 5000 ms").
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { LockIcon } from '../../ui/icons'
import { LOGIN_ERROR_MESSAGE, LOGIN_ERROR_MS } from './sign-in-rules'
import { useSession } from './use-session'

export const LOGIN_REQUIRED = 'A LOGIN IS REQUIRED TO ACCESS THIS REPORT'

export function SignInPrompt({ reason, notice }: { reason?: string; notice?: string }) {
  const { signIn } = useSession()
  const navigate = useNavigate()
  const { showAlert } = useAlerts()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!failed) return
    const timer = setTimeout(() => setFailed(false), LOGIN_ERROR_MS)
    return () => clearTimeout(timer)
  }, [failed])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setFailed(false)
    try {
      if ((await signIn(email.trim(), password)) === 'mfa-required') {
        // The second factor is asked on the account sign-in page, which then comes back here.
        const here = `${window.location.pathname}${window.location.search}`
        navigate(`/account/sign-in?next=${encodeURIComponent(here)}`)
        return
      }
      showAlert('success', 'You are signed in.')
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Center py={{ base: 40, sm: 72 }} px="md">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 36 }}
        w="100%"
        maw={420}
        data-testid="sign-in-prompt"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Stack gap={6} align="center" ta="center">
              <Center w={48} h={48} bg="sextant.0" c="sextant.7" style={{ borderRadius: 999 }}>
                <LockIcon size={22} />
              </Center>
              <Title order={1} size="h3">
                Sign in to Sextant
              </Title>
              <Text size="sm" c="dimmed">
                {reason ?? 'Use the e-mail address and password of your Sextant account.'}
              </Text>
            </Stack>
            {notice && !failed ? (
              <Alert color="yellow" variant="light" ta="center" fw={700} fz="sm" data-testid="sign-in-notice">
                {notice}
              </Alert>
            ) : null}
            {failed ? (
              <Alert
                color="red"
                variant="light"
                data-testid="sign-in-error"
                role="alert"
                fw={700}
                ta="center"
              >
                {LOGIN_ERROR_MESSAGE}
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
            <Button type="submit" loading={busy} fullWidth size="md" disabled={!email.trim() || !password}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  )
}
