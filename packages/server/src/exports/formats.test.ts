// One list of download formats (issue 18 acceptance 7): the wire enum of the contract names exactly the
// formats the engine's registry renders, so neither can gain a format the other does not know.
import { exportFormatSchema } from '@sextant/contract'
import { exportFormats } from '@sextant/engine'
import { expect, it } from 'vitest'

it("the contract's export formats are the engine registry's", () => {
  expect([...exportFormatSchema.options].sort()).toEqual(Object.keys(exportFormats).sort())
})
