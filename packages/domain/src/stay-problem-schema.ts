import { z } from 'zod';
import { isoDateSchema } from './rooms.js';
import { STAY_PROBLEMS, type StayProblemFacts } from './stay-rules.js';

/**
 * Why a stay cannot be booked, as the API answers it beside its English sentence (a wishlist's home, a host
 * calendar's night): the problem and the figures its sentence names, so that a page writes the sentence in its own
 * language with the domain's `stayProblemText` (decision 062). A figure the problem's sentence does not name is null.
 */
export const stayProblemFactsSchema = z.object({
  /** The rule the stay breaks (`STAY_PROBLEMS`, in the order the rules are checked). */
  problem: z.enum(STAY_PROBLEMS),
  /** The guests, nights, days or months the sentence counts. */
  count: z.int().nullable(),
  /** The room's first check-in day (outside-window), or the day a minimum stay set on the calendar starts (min-nights). */
  from: z.nullable(isoDateSchema),
  /** The room's last check-out day (outside-window). */
  to: z.nullable(isoDateSchema),
  /** The days a stay may start or end on (check-in-day, check-out-day): a mask of weekdays, bit 0 Sunday. */
  weekdays: z.int().min(0).max(127).nullable(),
  /** The same-day cut-off, HH:MM in the home's time (notice, when no days ahead are asked). */
  time: z.string().nullable(),
  /** What the stay costs (below-minimum, above-maximum), in minor units of the marketplace's currency. */
  totalCents: z.int().nullable(),
}) satisfies z.ZodType<StayProblemFacts>;
