import { ArrivalOrderSlots } from './arrival-order-slots';

/** At most 3 briefs at once: each takes 5–60 s of the user's LLM, which may be rate limited. */
export const MAX_CONCURRENT_BRIEFS = 3;

/** Hands out generation slots in arrival order; the host sends `GENERATE` from `grant`. */
export class GenerationScheduler extends ArrivalOrderSlots {
  constructor(grant: (eventId: string) => void, limit = MAX_CONCURRENT_BRIEFS) {
    super(grant, limit);
  }
}
