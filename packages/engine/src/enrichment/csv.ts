// A small RFC 4180 reader for the enrichment CSVs (FIRST EPSS, CWE names): quoted fields with commas,
// doubled quotes and line breaks, CRLF or LF, '#' comment lines (EPSS's model line). Each row keeps
// the 1-based line it starts on, so warnings can name it. Never throws.

export interface CsvRow {
  line: number
  fields: string[]
}

export interface CsvComment {
  line: number
  text: string
}

/** Splits `text` into rows and comment lines; a quote left open runs to the end of the text. */
export function readCsv(text: string): { rows: CsvRow[]; comments: CsvComment[] } {
  const rows: CsvRow[] = []
  const comments: CsvComment[] = []
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  let line = 1
  let i = 0
  const n = body.length
  while (i < n) {
    const start = line
    if (body[i] === '#') {
      const end = body.indexOf('\n', i)
      const stop = end === -1 ? n : end
      comments.push({ line: start, text: body.slice(i + 1, stop).replace(/\r$/, '') })
      i = stop + 1
      line++
      continue
    }
    const fields: string[] = []
    let field = ''
    let quoted = false
    for (;;) {
      if (i >= n) {
        fields.push(field)
        break
      }
      const c = body[i]!
      if (quoted) {
        if (c === '"') {
          if (body[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          quoted = false
          i++
          continue
        }
        if (c === '\n') line++
        field += c
        i++
        continue
      }
      if (c === '"' && field === '') {
        quoted = true
        i++
        continue
      }
      if (c === ',') {
        fields.push(field)
        field = ''
        i++
        continue
      }
      if (c === '\n' || c === '\r') {
        fields.push(field)
        if (c === '\r' && body[i + 1] === '\n') i++
        i++
        line++
        break
      }
      field += c
      i++
    }
    if (!(fields.length === 1 && fields[0]!.trim() === '')) rows.push({ line: start, fields })
  }
  return { rows, comments }
}
