import { todayIn, todayIso } from '@staybook/domain';

/**
 * A zone whose date differs from UTC's right now, so that a test of 'today where the room is' fails when the
 * code counts in UTC: Kiritimati (UTC+14) is a day ahead from 10:00 UTC on, Pago Pago (UTC-11) a day behind
 * until 11:00 UTC. Chosen by the hour, with half an hour to spare either side.
 */
export function zoneWhereTodayIsNotUtcToday(now = new Date()): { zone: string; local: string; utc: string } {
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const zone = minutes >= 10 * 60 + 30 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  const local = todayIn(zone, now);
  const utc = todayIso(now);
  if (local === utc) throw new Error(`${zone} should not share UTC's date at ${now.toISOString()}`);
  return { zone, local, utc };
}
