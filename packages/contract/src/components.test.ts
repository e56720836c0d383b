// Registry web pages of components (issue 17 "Component links"): each ecosystem's public page, names
// encoded as one path part each, and null where no page is known.
import { describe, expect, it } from 'vitest'
import { registryWebUrl } from './components'

describe('registryWebUrl', () => {
  it.each([
    ['nodejs', 'ms', '2.1.3', 'https://www.npmjs.com/package/ms/v/2.1.3'],
    ['nodejs', '@babel/core', '7.24.0', 'https://www.npmjs.com/package/%40babel/core/v/7.24.0'],
    [
      'java',
      'org.apache.logging.log4j:log4j-core',
      '2.14.1',
      'https://central.sonatype.com/artifact/org.apache.logging.log4j/log4j-core/2.14.1',
    ],
    ['python', 'Django_Rest.framework', '3.15.1', 'https://pypi.org/project/django-rest-framework/3.15.1/'],
    ['golang', 'github.com/gin-gonic/gin', 'v1.9.1', 'https://pkg.go.dev/github.com/gin-gonic/gin@v1.9.1'],
    ['rust', 'serde', '1.0.200', 'https://crates.io/crates/serde/1.0.200'],
    ['nodejs', 'a?b', '1.0.0', 'https://www.npmjs.com/package/a%3Fb/v/1.0.0'],
  ])('%s %s %s → %s', (language, name, version, url) => {
    expect(registryWebUrl(language, name, version)).toBe(url)
  })

  it('answers null for a language without a registry and a name not of its ecosystem', () => {
    expect(registryWebUrl('other', 'x', '1')).toBeNull()
    expect(registryWebUrl('java', 'no-group', '1')).toBeNull()
    expect(registryWebUrl('nodejs', '@scope/a/b', '1')).toBeNull()
  })
})
