import { z } from 'zod/mini';
import type { ApiError } from './errors.js';
import type { Same } from './shape.js';

/** Every error the API answers, as the API describes it (errors.ts checks it by hand for the web app). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** For validation errors: which fields were wrong and why. */
    fields: z.optional(z.record(z.string(), z.string())),
    /** For card errors: the processor's reason (Stripe's decline codes: card_declined, insufficient_funds…). */
    declineCode: z.optional(z.string()),
    /**
     * For a refusal written around a value (the host calendar's: a date past its end, nights before today, a confirmed
     * stay in the way; and refusals.ts' `RefusalFacts`): the facts its English `message` is written from, for a page to
     * write it in its language.
     */
    facts: z.optional(z.record(z.string(), z.string())),
  }),
});
true satisfies Same<z.infer<typeof apiErrorSchema>, ApiError>;
