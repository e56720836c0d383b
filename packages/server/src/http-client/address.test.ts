// The SSRF address rule (issue 13 item 16): IPv4 embedded in IPv6 is judged by the IPv4 address.
import { describe, expect, it } from 'vitest'
import { isNonPublicAddress } from './address'

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['0.0.0.0', true],
    ['10.0.0.1', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fc00::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['2606:4700::1111', false],
    // IPv4-mapped ::ffff:0:0/96, in both spellings.
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a00:1', true],
    ['::ffff:8.8.8.8', false],
    // IPv4-compatible ::/96: deprecated, refused whatever it embeds.
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['::a00:1', true],
    ['::808:808', true],
    // NAT64 64:ff9b::/96 carries the IPv4 address; 64:ff9b:1::/48 is local use.
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b::808:808', false],
    ['64:ff9b:1::808:808', true],
    // IPv4-translated ::ffff:0:0:0/96.
    ['::ffff:0:7f00:1', true],
    // 6to4 2002::/16 carries the IPv4 address in bits 16-48.
    ['2002:7f00:1::1', true],
    ['2002:a00:1::', true],
    ['2002:808:808::1', false],
    // Teredo and documentation ranges are not destinations.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['2001:db8::1', true],
    // Brackets as URL.hostname gives them.
    ['[::7f00:1]', true],
    ['[64:ff9b::7f00:1]', true],
    // Not an address at all.
    ['localhost', true],
    ['', true],
  ])('%s → %s', (address, expected) => expect(isNonPublicAddress(address)).toBe(expected))
})
