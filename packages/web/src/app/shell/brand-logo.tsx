// The Sextant mark (a sextant's frame: arc, two radii and the index arm pivot) and word mark.
import { Group, Text } from '@mantine/core'
import { Link } from 'react-router-dom'

export function SextantMark({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Sextant logo">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-sextant-7)" />
      <path
        d="M16 6.5 7.8 22.6a12 12 0 0 0 16.4 0Z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.1"
        strokeLinejoin="round"
      />
      <path d="M16 6.5 19.6 23.6" stroke="#9fd7d3" strokeWidth="2.1" strokeLinecap="round" />
      <circle cx="16" cy="6.5" r="2.3" fill="#fff" />
    </svg>
  )
}

export function BrandLogo() {
  return (
    <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Sextant home">
      <Group gap={10} wrap="nowrap">
        <SextantMark />
        <Text fw={750} fz={19} lts={-0.2} c="gray.9">
          Sextant
        </Text>
      </Group>
    </Link>
  )
}
