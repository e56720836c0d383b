// `npm run dev`: the API with workers on :8080 and Vite's dev server (API proxied), stopped together.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['packages/cli/bin/sextant.js', 'serve'], {
    stdio: 'inherit',
    env: { ...process.env, SEXTANT_SERVE_WEB: 'false' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'packages/web'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
