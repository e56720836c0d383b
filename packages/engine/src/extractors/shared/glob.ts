// Minimal glob matching for workspace patterns and scanner include/exclude (DESIGN §4 project scanner).
// Supports `**`, `*`, `?`, `{a,b}` and a leading `!`-free pattern; paths are `/`-separated.

const cache = new Map<string, RegExp>()

function toRegExp(glob: string): RegExp {
  let re = ''
  let braces = 0
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more whole segments; a trailing `**` matches the rest.
        if (glob[i + 2] === '/') {
          re += '(?:[^/]*/)*'
          i += 2
        } else {
          re += '.*'
          i += 1
        }
      } else re += '[^/]*'
    } else if (c === '?') re += '[^/]'
    else if (c === '{') {
      braces++
      re += '(?:'
    } else if (c === '}' && braces > 0) {
      braces--
      re += ')'
    } else if (c === ',' && braces > 0) re += '|'
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

export function globMatch(glob: string, path: string): boolean {
  const normal = glob.replace(/^\.\//, '').replace(/\/+$/, '')
  let re = cache.get(normal)
  if (!re) {
    re = toRegExp(normal)
    if (cache.size > 1000) cache.clear()
    cache.set(normal, re)
  }
  return re.test(path)
}
