import { sql } from 'drizzle-orm';
import { checkOutsReviewableAnywhere, reviewWindow, type IsoDate, type Locale } from '@staybook/domain';
import { queryRows, withTransaction } from '../../db/client.js';
import { dateValue, isReviewWindowClosedSql, isReviewWindowOpenSql, roomTodaySql } from '../../db/stay-sql.js';
import { inRecipientLanguage, reviewInvitationMail } from '../../integrations/mail/templates.js';
import { enqueueMail, mailJobKey } from '../jobs/jobs.js';
import { lockStay, publishStayReviews, type ReviewDeps } from './reviews.service.js';
import { periodicPass, type PeriodicPass } from '../../periodic.js';
import type { Log } from '../../log.js';

/** How often each server looks for review windows that closed and invitations that are due. */
export const REVIEW_SWEEP_MS = 5 * 60_000;
const BATCH = 200;

export type ReviewSweepDeps = ReviewDeps & { log: Log };

export type ReviewSweepResult = { published: number; invited: number };

/** `now` where each room is, as a date: the room's today (docs/decisions/026-room-time-zone.md). */
const roomToday = (now: Date) => roomTodaySql(sql`ro.time_zone`, now);

/** The stay's check-out day, in the sweeps' statements. */
const CHECK_OUT = sql`b.check_out`;

/**
 * Publishes the reviews of stays whose window closed (the room's today is past its last day) while one side
 * still waited for the other: reviews_unpublished_idx holds only those. Each stay is published under its booking's
 * lock, as a second review would publish it, so a review written at the last moment is published once either way.
 */
async function publishClosedWindows(deps: ReviewSweepDeps, now: Date): Promise<number> {
  const due = await queryRows<{ booking_id: string }>(
    deps.db,
    sql`
      select distinct r.booking_id from reviews r
      join bookings b on b.id = r.booking_id
      join rooms ro on ro.id = b.room_id
      where r.published_at is null and ${isReviewWindowClosedSql(CHECK_OUT, roomToday(now))}
      limit ${BATCH}`,
  );
  let published = 0;
  for (const { booking_id: bookingId } of due) {
    try {
      const room = await withTransaction(deps.db, async (tx) => {
        await lockStay(tx, bookingId);
        return publishStayReviews(tx, deps.listing, bookingId);
      });
      if (room) deps.listing.forget(room, 'rating');
      published += 1;
    } catch (err) {
      deps.log.error({ err, bookingId }, 'could not publish the reviews of a stay whose window closed');
    }
  }
  return published;
}

/** The invitation's mail key, before the stay's booking id. */
const INVITATION = 'review-invitation:';

type InvitationRow = { booking_id: string; title: string; check_in: IsoDate; check_out: IsoDate; name: string; email: string; locale: Locale | null };

/**
 * Mails the guest of each confirmed stay whose review window is open (from the day after check-out, the room's
 * day) and who has not reviewed it yet, once: the job's key names the stay, and the outbox keeps done keys longer
 * than a window lasts. The stays are read by check-out day off bookings_check_out_idx, the days any zone can be in.
 */
async function inviteGuests(deps: ReviewSweepDeps, now: Date): Promise<number> {
  const checkOuts = checkOutsReviewableAnywhere(now);
  const due = await queryRows<InvitationRow>(
    deps.db,
    sql`
      select b.id as booking_id, b.room_title as title, to_char(b.check_in, 'YYYY-MM-DD') as check_in,
             to_char(b.check_out, 'YYYY-MM-DD') as check_out, g.name, g.email, g.locale
      from bookings b
      join rooms ro on ro.id = b.room_id
      join users g on g.id = b.guest_id
      where b.status = 'confirmed'
        and b.check_out between ${dateValue(checkOuts.first)} and ${dateValue(checkOuts.last)}
        and ${isReviewWindowOpenSql(CHECK_OUT, roomToday(now))}
        and b.guest_id <> ro.host_id
        and not exists (select 1 from reviews r where r.booking_id = b.id and r.side = 'guest')
        and not exists (select 1 from jobs j where j.key = ${mailJobKey(INVITATION)} || b.id::text)
      limit ${BATCH}`,
  );
  for (const row of due) {
    const stay = { bookingId: row.booking_id, title: row.title, from: row.check_in, to: row.check_out, closesOn: reviewWindow(row.check_out).closesOn };
    await enqueueMail(deps.db, `${INVITATION}${row.booking_id}`, inRecipientLanguage(row, () => reviewInvitationMail(stay, row, deps.publicUrl)));
  }
  if (due.length > 0) deps.jobs.kick();
  return due.length;
}

/** One pass: the windows that closed, then the invitations due. Tests pass a later `now` instead of waiting. */
export async function sweepReviews(deps: ReviewSweepDeps, { now = new Date() }: { now?: Date } = {}): Promise<ReviewSweepResult> {
  const published = await publishClosedWindows(deps, now);
  const invited = await inviteGuests(deps, now);
  return { published, invited };
}

/** Its schedule starts with a pass at once, then one every REVIEW_SWEEP_MS. */
export type ReviewSweeper = PeriodicPass & {
  sweep(options?: { now?: Date }): Promise<ReviewSweepResult>;
};

/** Runs in every server process; passes on several servers publish each stay once and mail each guest once. */
export function createReviewSweeper(deps: ReviewSweepDeps, intervalMs = REVIEW_SWEEP_MS): ReviewSweeper {
  const schedule = periodicPass(() => sweepReviews(deps), {
    intervalMs,
    runAtStart: true,
    onError: (err) => deps.log.error({ err }, 'review sweep failed'),
  });
  return { sweep: (options) => sweepReviews(deps, options), ...schedule };
}
