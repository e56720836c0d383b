// The Mantine theme: calm neutrals, one teal accent ("sextant"), system fonts (no network fonts).
// Green, amber and red are kept for score states only (DESIGN §6; issue 2 "Web").
import { createTheme, type MantineColorsTuple } from '@mantine/core'

const sextant: MantineColorsTuple = [
  '#e7f6f5',
  '#cdebe9',
  '#9fd7d3',
  '#6cc2bc',
  '#44b0a9',
  '#2a9f98',
  '#178f88',
  '#0b7a75',
  '#056863',
  '#00534f',
]

export const theme = createTheme({
  primaryColor: 'sextant',
  primaryShade: 7,
  colors: { sextant },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  components: {
    Paper: { defaultProps: { shadow: 'none' } },
    Button: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
})
