// Allow-list HTML sanitiser for alert text (report-page §2: the global alert "accepts HTML"; DESIGN §7:
// output is sanitised). Keeps a few inline tags and http(s)/mailto links; everything else becomes text.
const ALLOWED_TAGS = new Set([
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'BR',
  'P',
  'UL',
  'OL',
  'LI',
  'CODE',
  'A',
  'SPAN',
])
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i

function copyClean(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''))
      continue
    }
    if (!(child instanceof Element)) continue
    if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') continue
    if (!ALLOWED_TAGS.has(child.tagName)) {
      copyClean(child, target, doc)
      continue
    }
    const clean = doc.createElement(child.tagName.toLowerCase())
    const href = child.getAttribute('href')
    if (child.tagName === 'A' && href && SAFE_HREF.test(href.trim())) {
      clean.setAttribute('href', href.trim())
      clean.setAttribute('rel', 'noopener noreferrer')
      clean.setAttribute('target', '_blank')
    }
    copyClean(child, clean, doc)
    target.appendChild(clean)
  }
}

export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  const out = document.implementation.createHTMLDocument('')
  const container = out.createElement('div')
  copyClean(parsed.body, container, out)
  return container.innerHTML
}
