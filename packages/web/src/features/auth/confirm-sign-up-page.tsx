// /confirm-sign-up?token=: the page the sign-up e-mail links to (POST /api/v1/credentials/confirm; issue 13
// item 7). Opening the link proves the address is the visitor's: the server makes the user and its
// account and answers a session, stored like a sign-in's. A used or expired link says to sign up again.
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { storeToken } from '../../lib/auth-storage'
import { accountApi, failureMessage } from '../../shared/account/account-api'
import { AuthCard } from '../../shared/session/auth-card'

export function ConfirmSignUpPage() {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  // The token works once: React's development double effect must not spend it twice.
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    accountApi
      .confirmSignUp(token)
      .then(async (answer) => {
        storeToken(answer.accessToken)
        await queryClient.resetQueries()
        navigate('/account', { replace: true })
      })
      .catch((error: unknown) => setFailure(failureMessage(error)))
  }, [token, navigate, queryClient])

  const again = (
    <Anchor component={Link} to="/register">
      Sign up again
    </Anchor>
  )
  return (
    <AuthCard
      title="Completing your sign-up"
      subtitle="This page opens from the link in the e-mail."
      testId="confirm-page"
    >
      {!token || failure ? (
        <Alert color="red" variant="light" role="alert" data-testid="confirm-error">
          <Text size="sm">
            {failure ?? 'The link has no sign-up token: open the link of the e-mail again.'}
          </Text>
          <Text size="sm" mt={4}>
            {again}
          </Text>
        </Alert>
      ) : (
        <Stack align="center" data-testid="confirm-busy">
          <Loader size="sm" />
        </Stack>
      )}
    </AuthCard>
  )
}
