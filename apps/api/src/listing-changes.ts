/*
 * What a write tells the listing cache (modules/rooms/listing-cache.ts) after it changes what a visitor sees: the
 * one contract every module that writes rooms, stays, ratings or prices shares, kept here so they need not import
 * the rooms module (which implements it) to announce a change.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './db/client.js';

/**
 * What changed in a room, for the answers that depend on it beyond the rooms they show: `stays` (a booking, a
 * cancellation, an imported block) for every dated search, `rating` (a review published or hidden) for every
 * search sorted by rating, `listing` (listed, edited, removed, its calendar set) for every answer.
 */
export type RoomChange = 'stays' | 'rating' | 'listing';

/** What the write paths call, one line each. */
export type ListingChanges = {
  /**
   * After commit: a room was listed, edited or removed, or its calendar set (`roomId`), or something of every room
   * changed (none: a host's name or photo, the marketplace's fees): every kept answer goes.
   */
  roomsChanged(roomId?: string): Promise<void>;
  /** After commit: a stay in this room was booked or cancelled, so its `booked` may differ: the answers showing it go. */
  staysChanged(roomId: string): Promise<void>;
  /**
   * Inside the change's transaction (`null`: every room): the change is logged for the version check and
   * NOTIFYed, which PostgreSQL delivers to the other servers when, and only if, the transaction commits. Pair it
   * with `forget` after the commit, for this process's own answers.
   */
  announce(tx: Db, roomId: string | null, what?: RoomChange): Promise<void>;
  /**
   * What `announce` runs, as one data-modifying statement (`insert … returning pg_notify(…)`) to put in a `with`
   * of the change's own statement; null when there are no other servers to tell.
   */
  announcement(roomId: string | null, what?: RoomChange): SQL | null;
  /** After a commit that `announce`d: this process's own kept answers for the room (or all) go. */
  forget(roomId: string | null, what?: RoomChange): void;
};
