// The page frame around every route: header, main content (inside a rendering-error boundary so
// a broken page keeps the header usable), footer (report-page §2 Header; §8 rendering error).
import { Box, Container } from '@mantine/core'
import { Outlet, useLocation } from 'react-router-dom'
import { ErrorBoundary } from '../../ui/error-boundary'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function AppLayout() {
  const location = useLocation()
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Container size={1280} w="100%" py={{ base: 'md', sm: 'xl' }} component="main" style={{ flex: 1 }}>
        <ErrorBoundary key={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </Container>
      <SiteFooter />
    </Box>
  )
}
