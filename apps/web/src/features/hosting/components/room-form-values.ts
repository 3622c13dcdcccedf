import { DEFAULT_CANCELLATION_POLICY } from '@staybook/domain/cancellation';
import type { RoomInputValues } from '@staybook/domain/room-input';
import type { Room, RoomSummary } from '@staybook/domain/rooms';
import { stayRulesValuesOf } from './stay-rules-fields';

/**
 * The room form's values for a room (as its inputs hold them), or a new room's: read by the room form, and by the
 * Pricing and availability page, which sends the whole room back with only its own fields changed (and without the
 * pin, address and arrival instructions, which the room's page does not carry: the server keeps them).
 */
export function roomFormValuesOf(room: RoomSummary | Room | undefined, defaultTimeZone: string): Partial<RoomInputValues> {
  if (!room) {
    return { title: '', location: '', latitude: '', longitude: '', address: '', arrivalInstructions: '', from: '', to: '', price: '', guests: '', bedrooms: '', bathrooms: '', description: '', photos: [], timeZone: defaultTimeZone, cancellationPolicy: DEFAULT_CANCELLATION_POLICY, amenities: [], checkInTime: '', checkOutTime: '', houseRules: '', ...stayRulesValuesOf(undefined) };
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
    // Only the host's own list has where the home is exactly; from the room's page (Pricing and availability) they
    // are left out, and saving keeps them as they are.
    ...('address' in room
      ? {
          latitude: room.position ? String(room.position.latitude) : '',
          longitude: room.position ? String(room.position.longitude) : '',
          address: room.address,
          arrivalInstructions: room.arrivalInstructions,
        }
      : {}),
  };
}
