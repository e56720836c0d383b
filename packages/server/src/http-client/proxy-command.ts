// The ProxyCommand of ssh and the core.gitProxy of git:// (local-proxy.ts; issue 13 item 16): a small Node
// program that connects its stdin and stdout to <host> <port> through the local proxy by HTTP CONNECT,
// so those transports too are dialled by the outbound client. Written into the clone's scratch folder at
// run time (kept here as text so a compiled server needs no extra file), behind a shell wrapper.
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

// Plain JavaScript without template literals, so it reads as it runs. Usage: <proxy-url> <host> <port>.
const SOURCE = String.raw`import { connect } from 'node:net'
const [proxyText, host, port] = process.argv.slice(2)
const proxy = new URL(proxyText)
const target = (host.includes(':') && !host.startsWith('[') ? '[' + host + ']' : host) + ':' + port
const login = decodeURIComponent(proxy.username) + ':' + decodeURIComponent(proxy.password)
const socket = connect(Number(proxy.port), proxy.hostname, () => {
  socket.write('CONNECT ' + target + ' HTTP/1.1\r\nHost: ' + target +
    '\r\nProxy-Authorization: Basic ' + Buffer.from(login).toString('base64') + '\r\n\r\n')
})
let head = Buffer.alloc(0)
const onData = (chunk) => {
  head = Buffer.concat([head, chunk])
  const end = head.indexOf('\r\n\r\n')
  if (end < 0) return
  socket.off('data', onData)
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))
  if (!status || status[1] !== '200') {
    process.stderr.write("Sextant's proxy did not open " + target + '\n')
    process.exit(1)
  }
  const rest = head.subarray(end + 4)
  if (rest.length > 0) process.stdout.write(rest)
  process.stdin.pipe(socket)
  socket.pipe(process.stdout)
}
socket.on('data', onData)
socket.on('error', (error) => {
  process.stderr.write("Sextant's proxy could not be reached: " + error.message + '\n')
  process.exit(1)
})
socket.on('close', () => process.exit(0))
`

/** `'text'` for sh, single quotes inside escaped. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** Writes the program and its wrapper (`<wrapper> <host> <port>`) into `dir`; answers the wrapper's path. */
export async function writeProxyCommand(dir: string, proxyUrl: string): Promise<string> {
  const program = join(dir, 'proxy-command.mjs')
  const wrapper = join(dir, 'proxy-command')
  await writeFile(program, SOURCE, { mode: 0o600 })
  const line = [process.execPath, program, proxyUrl].map(shellQuote).join(' ')
  await writeFile(wrapper, `#!/bin/sh\nexec ${line} "$@"\n`, { mode: 0o700 })
  await chmod(wrapper, 0o700)
  return wrapper
}
