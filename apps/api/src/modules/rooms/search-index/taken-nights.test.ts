import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../seeded-random.js';
import { TakenNights } from './taken-nights.js';

/*
 * The nights a room's stays hold, as bits (decision 057): within the nights kept, a stay meets the room's stays
 * exactly when the bits say so (a dated search then reads no room's days); beyond them, the bits never refuse a stay
 * that meets none.
 */
describe('taken nights', () => {
  it('say whether a stay meets a room’s stays, on random stays around and beyond the nights kept', () => {
    const random = seededRandom(57);
    const day = (from: number, span: number) => from + Math.floor(random() * span);
    const firstDay = 20_000;
    const nights = new TakenNights(firstDay);
    const seen = { met: 0, free: 0 };
    for (let slot = 0; slot < 400; slot++) {
      const pairs: number[] = [];
      for (let at = day(firstDay - 20, 40); pairs.length < 2 * day(0, 12) && at < firstDay + 600; at += day(1, 60)) {
        const to = at + day(1, 21);
        pairs.push(at, to);
        at = to;
      }
      nights.set(slot, Int32Array.from(pairs));
      for (let n = 0; n < 50; n++) {
        const from = day(firstDay - 30, 600);
        const to = from + day(1, 30);
        const meets = pairs.some((_, i) => i % 2 === 0 && (pairs[i] as number) < to && (pairs[i + 1] as number) > from);
        const held = nights.holdsAny(slot, from, to);
        seen[held ? 'met' : 'free'] += 1;
        // Within the 512 nights kept (`covers`): the same answer; beyond them, never a refusal the stays do not make.
        if (nights.covers(from, to)) expect(held, `${slot} ${from}-${to} ${pairs.join(',')}`).toBe(meets);
        else if (held) expect(meets).toBe(true);
      }
    }
    expect([nights.covers(firstDay, firstDay + 512), nights.covers(firstDay - 1, firstDay + 3), nights.covers(firstDay + 500, firstDay + 513)]).toEqual([true, false, false]);
    expect(seen.met).toBeGreaterThan(1000);
    expect(seen.free).toBeGreaterThan(1000);
  });
});
