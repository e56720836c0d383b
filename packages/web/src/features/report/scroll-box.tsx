// The floating scroll box (report-page §2 Layout): links to the summary, security, stability and
// licensing sections; shown only where the window leaves a gutter beside the 1,280 px content column
// wide enough for it (global.css .scroll-box), so it never covers a card.
import { Anchor, Box, Paper, Stack } from '@mantine/core'
import { SECTION_ANCHORS } from '../../shared/report/report-summary'

const LINKS = [
  { href: '#summary', label: 'Summary' },
  { href: `#${SECTION_ANCHORS.security}`, label: 'Security' },
  { href: `#${SECTION_ANCHORS.stability}`, label: 'Stability' },
  { href: `#${SECTION_ANCHORS.licensing}`, label: 'Licensing' },
]

export function ScrollBox() {
  return (
    <Box className="scroll-box" pos="fixed" right={8} bottom={24} style={{ zIndex: 120 }}>
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        px={10}
        py="xs"
        component="nav"
        aria-label="Report sections"
        data-testid="scroll-box"
      >
        <Stack gap={2}>
          {LINKS.map((link) => (
            <Anchor key={link.href} href={link.href} size="xs" c="dark">
              {link.label}
            </Anchor>
          ))}
        </Stack>
      </Paper>
    </Box>
  )
}
