/*
 * Whether one stay is free in a room and what it costs, without booking it: the booking's own rules
 * (`findStayProblem`) and its one quote (`quoteStay`) over the same facts `start-payment.ts` reads, so a wishlist's
 * 'Available' total is the amount a payment for that stay would be.
 */
import { findStayProblem, nightsBetween, quoteStay, stayProblemFacts, stayProblemText, withPreparation, type RoomStay, type Stay, type StayRoom } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import type { RoomForCard } from '../rooms/rooms.service.js';
import { listNightSettings, occupiedRangesIn } from './room-nights.queries.js';

/** The stay in the room for `guests`: its nights and total, or the first rule it breaks in the words the room page uses. */
export async function checkStay(
  db: Db,
  { room: { room, rules, hostId }, stay, guests, viewerId }: { room: RoomForCard; stay: Stay; guests: number; viewerId: string | null },
): Promise<RoomStay> {
  // Stays and imported blocks near enough that the preparation time needs some of these nights, the stay's own included.
  const [nightSettings, taken] = await Promise.all([
    listNightSettings(db, room._id, stay),
    occupiedRangesIn(db, room._id, withPreparation([stay], rules.preparationNights)[0]!),
  ]);
  const stayRoom: StayRoom = {
    from: room.from,
    to: room.to,
    priceCents: room.priceCents,
    guests: room.guests,
    hostId,
    timeZone: room.timeZone,
    rules,
    nightSettings,
    serviceFeeBp: room.serviceFeeBp,
  };
  const problem = findStayProblem({ stay, room: stayRoom, taken, viewerId, guests });
  if (problem) {
    // The figures for a page to write the reason in its language; the sentence in English, as the API always answered.
    const reasonFacts = stayProblemFacts(problem, { stay, room: stayRoom, guests });
    return { available: false, reason: stayProblemText(reasonFacts), reasonFacts };
  }
  const { totalCents } = quoteStay(rules, nightSettings, stay, guests, { guestFeeBp: room.serviceFeeBp });
  return { available: true, nights: nightsBetween(stay.from, stay.to), totalCents };
}
