// Keyboard users must land back on the control that opened a dialog (issue 8 acceptance 3). Mantine does
// this when a Modal's `opened` turns false, but not when the dialog is unmounted while open, which is how
// the page shows most of its dialogs: this hook remembers the focused element when the dialog mounts and
// focuses it again after the dialog is gone, unless the focus has moved somewhere on purpose meanwhile.
import { useEffect, useState } from 'react'

export function useReturnFocus(): void {
  // read during the first render, before the dialog's focus trap moves the focus inside it
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  )
  useEffect(() => {
    return () => {
      if (!opener) return
      // after the dialog's own clean-up (and its focus trap) has run
      setTimeout(() => {
        const now = document.activeElement
        const lost = now === null || now === document.body || !now.isConnected
        if (lost && opener.isConnected) opener.focus()
      }, 0)
    }
  }, [opener])
}
