import {
  publicReviewSchema,
  reviewStateSchema,
  roomReviewsPageSchema,
  type GuestReviewBody,
  type HideReviewBody,
  type HostReviewBody,
  type PublicReview,
  type ReviewReplyBody,
  type ReviewState,
  type RoomReviewsPage,
} from '@staybook/domain/reviews';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';
import { stayApiPath } from '../../../lib/api-paths';
import { fetchPage, type PageRequest } from '../../../lib/paging';

/** Where the signed-in person's review of the stay stands (its guest or the room's host; anyone else gets a 404). */
export function fetchReviewState(bookingId: string, signal?: AbortSignal): Promise<ReviewState> {
  return apiRequest(stayApiPath(bookingId, 'review'), reviewStateSchema, { signal: signal ?? null });
}

/** Writes the viewer's review of the stay; the server decides from who asks which side it is. */
export function writeReview({ bookingId, body }: { bookingId: string; body: GuestReviewBody | HostReviewBody }): Promise<ReviewState> {
  return apiRequest(stayApiPath(bookingId, 'review'), reviewStateSchema, { method: 'POST', json: body });
}

/** A page of a room's published reviews, newest first, with the room's rating. */
export function fetchRoomReviewsPage({ roomId, ...page }: PageRequest & { roomId: string }): Promise<RoomReviewsPage> {
  return fetchPage(`/api/rooms/${encodeURIComponent(roomId)}/reviews`, roomReviewsPageSchema, page);
}

/** The room's host answers a published review, once. */
export function replyToReview({ reviewId, body }: { reviewId: string } & ReviewReplyBody): Promise<PublicReview> {
  return apiRequest(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, publicReviewSchema, { method: 'POST', json: { body } });
}

/** An admin takes a review that breaks the rules off the room, saying why. */
export async function hideReview({ reviewId, reason }: { reviewId: string } & HideReviewBody): Promise<void> {
  await apiRequest(`/api/reviews/${encodeURIComponent(reviewId)}/hide`, ignoredResponse, { method: 'POST', json: { reason } });
}
