// Holds the global alert and the transient alerts, closes them on their timers, and renders them
// above the page content (report-page §2 Banners; §9: 15000 ms global, 5000 ms transient).
import { Alert, Box, CloseButton, Group, Notification, Stack } from '@mantine/core'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { AlertIcon } from '../icons'
import {
  type AlertsApi,
  AlertsContext,
  GLOBAL_ALERT_MS,
  TRANSIENT_ALERT_MS,
  type TransientAlert,
} from './alerts-context'
import { sanitizeHtml } from './sanitize-html'

const transientColor = { success: 'green', info: 'sextant', warning: 'yellow', error: 'red' } as const

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [globalHtml, setGlobalHtml] = useState<string | null>(null)
  const [transients, setTransients] = useState<TransientAlert[]>([])
  const globalTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const nextId = useRef(1)

  const closeGlobalAlert = useCallback(() => {
    clearTimeout(globalTimer.current)
    setGlobalHtml(null)
  }, [])

  const api = useMemo<AlertsApi>(
    () => ({
      showGlobalAlert(html, ms = GLOBAL_ALERT_MS) {
        clearTimeout(globalTimer.current)
        setGlobalHtml(sanitizeHtml(html))
        globalTimer.current = setTimeout(() => setGlobalHtml(null), ms)
      },
      closeGlobalAlert,
      showAlert(type, message, ms = TRANSIENT_ALERT_MS) {
        if (!type || !message) return
        const id = nextId.current++
        setTransients((list) => [...list, { id, type, message }])
        setTimeout(() => setTransients((list) => list.filter((item) => item.id !== id)), ms)
      },
    }),
    [closeGlobalAlert],
  )

  useEffect(() => () => clearTimeout(globalTimer.current), [])

  return (
    <AlertsContext.Provider value={api}>
      {globalHtml !== null ? (
        <Alert color="red" variant="filled" radius={0} p="sm" data-testid="global-alert" role="alert">
          <Group justify="space-between" wrap="nowrap" maw={1280} mx="auto" px="md">
            <Group gap="sm" wrap="nowrap">
              <AlertIcon />
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list above */}
              <Box fz="sm" dangerouslySetInnerHTML={{ __html: globalHtml }} />
            </Group>
            <CloseButton
              variant="transparent"
              c="white"
              aria-label="Close alert"
              onClick={closeGlobalAlert}
            />
          </Group>
        </Alert>
      ) : null}
      {children}
      <Stack
        pos="fixed"
        bottom={20}
        right={20}
        gap="xs"
        style={{ zIndex: 400 }}
        w={360}
        maw="calc(100vw - 40px)"
      >
        {transients.map((item) => (
          <Notification
            key={item.id}
            color={transientColor[item.type]}
            withBorder
            data-testid="transient-alert"
            onClose={() => setTransients((list) => list.filter((other) => other.id !== item.id))}
          >
            {item.message}
          </Notification>
        ))}
      </Stack>
    </AlertsContext.Provider>
  )
}
