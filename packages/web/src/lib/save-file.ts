// Saves a file the browser holds (a download the server answered, or a JSON the page already has)
// through a temporary object URL. The web writes no CSV: every CSV comes from the server's one writer
// (issue 13 item 18).

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

export function saveText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(fileName, new Blob([text], { type }))
}
