// The one error shape every route answers with (DESIGN §5): { status, error, message }.
// `message` is a sentence a person can act on; `error` is the HTTP reason in capitals.
import { z } from 'zod'

export const apiErrorSchema = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Where the problem is, when the input was a file: path, line, field. */
  details: z
    .array(
      z.object({
        file: z.string().optional(),
        line: z.number().int().optional(),
        field: z.string().optional(),
        message: z.string(),
      }),
    )
    .optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>
