import { DEFAULT_CANCELLATION_POLICY } from '@staybook/domain/cancellation';
import type { RoomInputValues } from '@staybook/domain/room-input';
import type { RoomSummary } from '@staybook/domain/rooms';
import { stayRulesValuesOf } from './stay-rules-fields';

/**
 * The room form's values for a room (as its inputs hold them), or a new room's: read by the room form, and by the
 * Pricing and availability page, which sends the whole room back with only its own fields changed.
 */
export function roomFormValuesOf(room: RoomSummary | undefined, defaultTimeZone: string): Partial<RoomInputValues> {
  if (!room) {
    return { title: '', location: '', from: '', to: '', price: '', guests: '', bedrooms: '', bathrooms: '', description: '', photos: [], timeZone: defaultTimeZone, cancellationPolicy: DEFAULT_CANCELLATION_POLICY, amenities: [], checkInTime: '', checkOutTime: '', houseRules: '', ...stayRulesValuesOf(undefined) };
  }
  return {
    title: room.title,
    location: room.location,
    category: room.category,
    from: room.from,
    to: room.to,
    price: String(room.price),
    guests: String(room.guests),
    bedrooms: String(room.bedrooms),
    bathrooms: String(room.bathrooms),
    description: room.description,
    photos: room.photos,
    timeZone: room.timeZone,
    cancellationPolicy: room.cancellationPolicy,
    amenities: room.amenities,
    checkInTime: room.checkInTime ?? '',
    checkOutTime: room.checkOutTime ?? '',
    houseRules: room.houseRules,
    ...stayRulesValuesOf(room.rules),
  };
}
