import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWishlistBodySchema,
  listWishlistsQuerySchema,
  quickSaveSchema,
  recentlyViewedBodySchema,
  recentlyViewedSchema,
  savedRoomsQuerySchema,
  savedRoomsSchema,
  sharedWishlistParamsSchema,
  updateWishlistBodySchema,
  wishlistPageSchema,
  wishlistParamsSchema,
  wishlistRoomBodySchema,
  wishlistRoomParamsSchema,
  wishlistRoomsQuerySchema,
  wishlistSchema,
  wishlistsPageSchema,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import type { BrowsingReads } from '../../db/replica.js';
import { errorResponses } from '../../errors.js';
import { changingOneRecord, noContent, oneRecord, routeFor, routeSchema } from '../../route-schema.js';
import { actorOf, signedIn } from '../../plugins/session.js';
import { requestLocale } from '../../request-locale.js';
import { listRecentlyViewed, recordView } from './recently-viewed.service.js';
import {
  addRoomToWishlist,
  createWishlist,
  deleteWishlist,
  getSharedWishlist,
  getWishlist,
  listSavedRooms,
  listWishlists,
  quickSave,
  removeRoomFromWishlist,
  shareWishlist,
  stopSharingWishlist,
  updateWishlist,
} from './wishlists.service.js';

/**
 * A signed-in person's wishlists (their own only: anyone else's answers 404), the hearts' state, a shared list's
 * read-only link, and the homes they viewed last (docs/decisions/052-wishlists.md).
 */
export const wishlistsRoutes: FastifyPluginAsyncZod<{ db: Db; browse: BrowsingReads }> = async (app, { db, browse }) => {
  app.get(
    '/wishlists',
    routeFor(signedIn, 'My wishlists, oldest first, each with its count and cover', { querystring: listWishlistsQuerySchema }, wishlistsPageSchema, errorResponses(400)),
    async (request) => listWishlists(db, { actor: actorOf(request), ...request.query }),
  );

  app.post(
    '/wishlists',
    routeFor(signedIn, 'Make a wishlist (a name of 1 to 50 characters)', { body: createWishlistBodySchema }, wishlistSchema, errorResponses(400, 403, 409), { status: 201 }),
    async (request, reply) => reply.status(201).send(await createWishlist(db, { actor: actorOf(request), name: request.body.name })),
  );

  app.get(
    '/wishlists/saved',
    routeFor(signedIn, 'Which of my wishlists hold each of these rooms (the hearts)', { querystring: savedRoomsQuerySchema }, savedRoomsSchema, errorResponses(400)),
    async (request) => listSavedRooms(db, { actor: actorOf(request), roomIds: request.query.roomIds }),
  );

  app.post(
    '/wishlists/save',
    routeFor(
      signedIn,
      "Save a room to my first wishlist, made ('Saved', in the page's language) when I have none",
      { body: wishlistRoomBodySchema }, quickSaveSchema, changingOneRecord,
    ),
    async (request) => quickSave(db, { actor: actorOf(request), roomId: request.body.roomId, locale: requestLocale(request.headers) }),
  );

  app.get(
    '/wishlists/shared/:token',
    {
      schema: routeSchema(
        "A wishlist its owner shares by a private link, read-only: its homes and its stay's totals",
        { params: sharedWishlistParamsSchema, querystring: wishlistRoomsQuerySchema }, wishlistPageSchema, errorResponses(400, 404),
      ),
    },
    // Someone else's list, read-only: it may lag a moment (the read replica when there is one).
    async (request) => browse(request, (reader) => getSharedWishlist(reader, { token: request.params.token, ...request.query })),
  );

  app.get(
    '/wishlists/:id',
    routeFor(
      signedIn,
      "One of my wishlists with a page of its homes, saved last first, and each home's total for the list's stay",
      { params: wishlistParamsSchema, querystring: wishlistRoomsQuerySchema }, wishlistPageSchema, oneRecord,
    ),
    async (request) => getWishlist(db, { actor: actorOf(request), id: request.params.id, ...request.query }),
  );

  app.patch(
    '/wishlists/:id',
    routeFor(signedIn, 'Rename a wishlist, or set or clear its stay (dates and guests)', { params: wishlistParamsSchema, body: updateWishlistBodySchema }, wishlistSchema, changingOneRecord),
    async (request) => updateWishlist(db, { actor: actorOf(request), id: request.params.id, changes: request.body }),
  );

  app.delete(
    '/wishlists/:id',
    routeFor(signedIn, 'Delete a wishlist (its homes stay listed)', { params: wishlistParamsSchema }, z.null(), changingOneRecord, { status: 204 }),
    async (request, reply) => noContent(reply, deleteWishlist(db, { actor: actorOf(request), id: request.params.id })),
  );

  // Sharing a list and no longer sharing it take the same request and give the same answer: the list as it now stands.
  const sharing = [
    { method: 'post', act: shareWishlist, summary: 'Share a wishlist by a private link (read-only for others)' },
    { method: 'delete', act: stopSharingWishlist, summary: 'Stop sharing a wishlist: its link reads nothing from now on' },
  ] as const;
  for (const { method, act, summary } of sharing) {
    app[method](
      '/wishlists/:id/share',
      routeFor(signedIn, summary, { params: wishlistParamsSchema }, wishlistSchema, changingOneRecord),
      async (request) => act(db, { actor: actorOf(request), id: request.params.id }),
    );
  }

  app.put(
    '/wishlists/:id/rooms/:roomId',
    routeFor(signedIn, 'Save a room to a wishlist (once: saving it again changes nothing)', { params: wishlistRoomParamsSchema }, quickSaveSchema, changingOneRecord),
    async (request) => addRoomToWishlist(db, { actor: actorOf(request), ...request.params }),
  );

  app.delete(
    '/wishlists/:id/rooms/:roomId',
    routeFor(signedIn, 'Take a room off a wishlist (one not on it is off already)', { params: wishlistRoomParamsSchema }, z.null(), changingOneRecord, { status: 204 }),
    async (request, reply) => noContent(reply, removeRoomFromWishlist(db, { actor: actorOf(request), ...request.params })),
  );

  app.get(
    '/recently-viewed',
    routeFor(signedIn, 'The homes I opened last, newest first (at most 12)', {}, recentlyViewedSchema),
    async (request) => listRecentlyViewed(db, { actor: actorOf(request) }),
  );

  app.post(
    '/recently-viewed',
    routeFor(signedIn, 'I opened this home now', { body: recentlyViewedBodySchema }, z.null(), errorResponses(400, 403), { status: 204 }),
    async (request, reply) => noContent(reply, recordView(db, { actor: actorOf(request), roomId: request.body.roomId })),
  );
};
