/*
 * The nights each room's stays and imported blocks hold, as bits by room number (docs/decisions/057-search-index.md):
 * a dated search that walks many rooms refuses those whose stays meet its nights from these, read one room after the
 * other, before it reads the room itself. For the nights they keep they answer exactly, kept in step with the room
 * (`RoomSet.put`): a stay within them (`covers`) that they find free is free, and the room's own days are not read
 * again (`stayFit`'s `nightsFree`); beyond them they refuse nothing, and the room's days decide.
 */

/** 32 nights a word, 16 words a room: 512 nights (64 bytes a room) from a few days before the index read every room. */
const WORDS = 16;
const NIGHTS = WORDS * 32;

export class TakenNights {
  private bits = new Int32Array(0);

  /** `firstDay`: the day number of the first night kept (`dayNumber`). */
  constructor(private readonly firstDay: number) {}

  /** Keeps the room's nights: `days`, its stays and blocks as [from, to) pairs of day numbers, in any order. */
  set(slot: number, days: Int32Array): void {
    const at = slot * WORDS;
    if (this.bits.length < at + WORDS) {
      const grown = new Int32Array(Math.max(at + WORDS, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const { bits } = this;
    bits.fill(0, at, at + WORDS);
    for (let i = 0; i + 1 < days.length; i += 2) {
      const from = Math.max((days[i] as number) - this.firstDay, 0);
      const to = Math.min((days[i + 1] as number) - this.firstDay, NIGHTS);
      for (let night = from; night < to; night++) bits[at + (night >> 5)] = (bits[at + (night >> 5)] as number) | (1 << (night & 31));
    }
  }

  /** Whether the nights [from, to) (day numbers) are all among those kept, so that `holdsAny` answers for them exactly. */
  covers(from: number, to: number): boolean {
    return from >= this.firstDay && to <= this.firstDay + NIGHTS;
  }

  /** Whether a stay or block of the room holds one of the nights [from, to) (day numbers) among those kept. */
  holdsAny(slot: number, from: number, to: number): boolean {
    const start = Math.max(from - this.firstDay, 0);
    const end = Math.min(to - this.firstDay, NIGHTS);
    if (start >= end) return false;
    const { bits } = this;
    const at = slot * WORDS;
    const first = start >> 5;
    const last = (end - 1) >> 5;
    for (let word = first; word <= last; word++) {
      // The word's nights from `start` and up to the last night of the stay.
      let mask = -1;
      if (word === first) mask &= -1 << (start & 31);
      if (word === last) mask &= -1 >>> (31 - ((end - 1) & 31));
      if (((bits[at + word] as number) & mask) !== 0) return true;
    }
    return false;
  }
}
