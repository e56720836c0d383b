// Digests of a component's package file as the input gave them (issue 19 "Exports auditors can use":
// CycloneDX hashes, SPDX checksums). One form inside: CycloneDX's algorithm names and hex content;
// npm's Subresource Integrity strings (`sha512-<base64>`) and SPDX checksums are turned into it here.

export type HashAlgorithm =
  | 'MD5'
  | 'SHA-1'
  | 'SHA-256'
  | 'SHA-384'
  | 'SHA-512'
  | 'SHA3-256'
  | 'SHA3-384'
  | 'SHA3-512'
  | 'BLAKE2b-256'
  | 'BLAKE2b-384'
  | 'BLAKE2b-512'
  | 'BLAKE3'

export interface ComponentHash {
  alg: HashAlgorithm
  /** Lower-case hex. */
  content: string
}

const ALGORITHMS: readonly HashAlgorithm[] = [
  'MD5',
  'SHA-1',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA3-256',
  'SHA3-384',
  'SHA3-512',
  'BLAKE2b-256',
  'BLAKE2b-384',
  'BLAKE2b-512',
  'BLAKE3',
]

/** Hex length of each algorithm's digest (BLAKE3's default output is 256 bits). */
const HEX_LENGTH: Record<HashAlgorithm, number> = {
  MD5: 32,
  'SHA-1': 40,
  'SHA-256': 64,
  'SHA-384': 96,
  'SHA-512': 128,
  'SHA3-256': 64,
  'SHA3-384': 96,
  'SHA3-512': 128,
  'BLAKE2b-256': 64,
  'BLAKE2b-384': 96,
  'BLAKE2b-512': 128,
  BLAKE3: 64,
}

const SRI_ALGORITHMS: Record<string, HashAlgorithm> = {
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
}

/** SPDX 2.3 checksum algorithm names (spec clause 7.10) of ours. */
const SPDX_NAMES: Record<HashAlgorithm, string> = {
  MD5: 'MD5',
  'SHA-1': 'SHA1',
  'SHA-256': 'SHA256',
  'SHA-384': 'SHA384',
  'SHA-512': 'SHA512',
  'SHA3-256': 'SHA3-256',
  'SHA3-384': 'SHA3-384',
  'SHA3-512': 'SHA3-512',
  'BLAKE2b-256': 'BLAKE2b-256',
  'BLAKE2b-384': 'BLAKE2b-384',
  'BLAKE2b-512': 'BLAKE2b-512',
  BLAKE3: 'BLAKE3',
}

/** A digest in our form, or null when the algorithm is unknown or the content is not hex of its length. */
export function componentHash(alg: string, content: string): ComponentHash | null {
  const known = ALGORITHMS.find((a) => a.toLowerCase() === alg.trim().toLowerCase())
  const hex = content.trim().toLowerCase()
  if (!known || hex.length !== HEX_LENGTH[known] || !/^[0-9a-f]+$/.test(hex)) return null
  return { alg: known, content: hex }
}

/** The digests of an npm `integrity` (one or more `alg-base64` separated by spaces); unknown ones dropped. */
export function integrityHashes(integrity: string): ComponentHash[] {
  const out: ComponentHash[] = []
  for (const part of integrity.trim().split(/\s+/)) {
    const m = /^(sha1|sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(?:\?.*)?$/.exec(part)
    if (!m) continue
    const hash = componentHash(SRI_ALGORITHMS[m[1]!]!, Buffer.from(m[2]!, 'base64').toString('hex'))
    if (hash) out.push(hash)
  }
  return out
}

/** An SPDX checksum (`SHA256`, `SHA3-256`, …) in our form, or null. */
export function spdxChecksumHash(algorithm: string, value: string): ComponentHash | null {
  const alg = ALGORITHMS.find(
    (a) => SPDX_NAMES[a] === algorithm.trim().toUpperCase().replace('BLAKE2B', 'BLAKE2b'),
  )
  return alg ? componentHash(alg, value) : null
}

export function spdxChecksumAlgorithm(alg: HashAlgorithm): string {
  return SPDX_NAMES[alg]
}

/** `a` then what `b` adds (one digest per algorithm and content). */
export function mergeHashes(
  a: readonly ComponentHash[] | undefined,
  b: readonly ComponentHash[],
): ComponentHash[] {
  const out = [...(a ?? [])]
  for (const h of b) if (!out.some((x) => x.alg === h.alg && x.content === h.content)) out.push(h)
  return out
}
