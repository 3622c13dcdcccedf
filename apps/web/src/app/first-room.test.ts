import { FIRST_ROOM_ELEMENT_ID } from '@staybook/domain/first-paint-answers';
import type { SessionUser } from '@staybook/domain/accounts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { authKeys } from '../features/auth/api/auth-keys';
import { sampleRoom } from '../testing/samples';
import { roomKeys } from '../lib/room-keys';
import { seedFirstRoom } from './first-room';

const USER: SessionUser = { id: 'u1', name: 'Gus', email: 'gus@example.com', image: null, role: 'guest', status: null, emailVerified: true };
const ROOM = sampleRoom();

function embed(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ROOM_ELEMENT_ID;
  element.textContent = json;
  document.body.append(element);
}

afterEach(() => document.getElementById(FIRST_ROOM_ELEMENT_ID)?.remove());

describe('the session and room embedded in a painted room page', () => {
  it("start the session and that room's queries, once, at the room's address", () => {
    const queryClient = new QueryClient();
    embed(JSON.stringify({ user: USER, room: ROOM }));
    expect(seedFirstRoom(queryClient, `/room/${ROOM._id}`)).toBe(true);
    expect(queryClient.getQueryData(authKeys.session())).toEqual(USER);
    expect(queryClient.getQueryData(roomKeys.detail(ROOM._id))).toEqual(ROOM);
    expect(document.getElementById(FIRST_ROOM_ELEMENT_ID)).toBeNull();
  });

  it('are left alone (and the page drawn afresh) at another address, or when they fail the check', () => {
    for (const [json, pathname] of [
      [JSON.stringify({ user: USER, room: ROOM }), '/room/5f0c9d3e-0000-4000-8000-000000000009'],
      [JSON.stringify({ user: USER, room: ROOM }), '/'],
      [JSON.stringify({ user: null, room: ROOM }), `/room/${ROOM._id}`],
      [JSON.stringify({ user: USER, room: { ...ROOM, priceCents: 'free' } }), `/room/${ROOM._id}`],
      ['{ not json', `/room/${ROOM._id}`],
    ] as const) {
      const queryClient = new QueryClient();
      embed(json);
      expect(seedFirstRoom(queryClient, pathname), `${json} at ${pathname}`).toBe(false);
      expect(queryClient.getQueryCache().getAll(), json).toEqual([]);
      expect(document.getElementById(FIRST_ROOM_ELEMENT_ID)).toBeNull();
    }
  });
});
