import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import sharp from 'sharp';
import { addDays, areaCentreFor, CATEGORIES, countOf, dollarsToCents, todayIso, type CardInput, type IsoDate } from '@staybook/domain';
import { TestPaymentProcessor } from '../integrations/payments/test-processor.js';
import { withTransaction, type Db } from '../db/client.js';
import { DEMO_GUEST_REVIEWS, DEMO_GUESTS, DEMO_HOST_REVIEWS, DEMO_REPLIES, DEMO_ROOMS, DEMO_USERS, demoArrival, demoRoomExtras, type DemoRoom } from './demo-data.js';
import { seededRandom } from '../seeded-random.js';
import { mapLimited } from '../map-limited.js';
import { insertBooking, insertRoom, insertUser } from '../db/factories.js';
import { recomputeRoomRatings } from '../modules/reviews/ratings.js';
import { accounts, reviews, roleChanges, roomNightSettings, rooms, users } from '../db/schema.js';
import { drawSceneSvg } from './seed-scenes.js';
import { seedDemoPayouts } from './seed-payouts.js';
import type { ImageStore } from '../integrations/images/image-store.js';

type Log = { info(msg: string): void };

async function isEmpty(db: Db): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [r] = await db.select({ n: count() }).from(rooms);
  return u?.n === 0 && r?.n === 0;
}

/** A head-and-shoulders silhouette on the person's colour: no fonts needed, so it renders anywhere. */
function avatarSvg(tint: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <rect width="320" height="320" fill="${tint}"/>
  <circle cx="160" cy="125" r="62" fill="#fff" fill-opacity="0.92"/>
  <path d="M52 320c8-70 52-112 108-112s100 42 108 112z" fill="#fff" fill-opacity="0.92"/>
</svg>`;
}

/**
 * SVG is rasterised once, at three quarters of its drawn size (density 72 × 0.75): plenty for the widest
 * slot these pictures fill, and it nearly halves the first start. The store encodes each width from the pixels.
 */
async function saveSvg(store: Pick<ImageStore, 'saveImage'>, svg: string, density = 54): Promise<string> {
  const png = await sharp(Buffer.from(svg), { density }).png({ compressionLevel: 0 }).toBuffer();
  return store.saveImage(png);
}

/**
 * Each category's gallery pictures beyond its three covers: scene variants 3 to 8, rasterised at half their drawn
 * size (1066 px wide, plenty for the gallery's grid and most viewers, and a third of a cover's cost), shared by
 * the category's rooms so the first start renders 90 more pictures rather than 225.
 */
const GALLERY_SCENES_PER_CATEGORY = 6;
const GALLERY_DENSITY = 36;

/**
 * A demo room's photos after its cover: 2 to 8 different pictures, varied from room to room, from its category's
 * gallery scenes and then the other rooms' covers of the category.
 */
export function demoGalleryOf({ categoryIndex, variant, pool, siblingCovers }: { categoryIndex: number; variant: number; pool: string[]; siblingCovers: string[] }): string[] {
  const count = 2 + ((categoryIndex + 3 * variant) % 7);
  const start = (2 * variant) % pool.length;
  const candidates = [...pool.slice(start), ...pool.slice(0, start), ...siblingCovers];
  return candidates.slice(0, count);
}

function describeRoom(room: { title: string; location: string; guests: number; bedrooms: number; bathrooms: number }, categoryText: string): string {
  return `${room.title} in ${room.location}. ${categoryText} Sleeps ${room.guests} across ${countOf(room.bedrooms, 'bedroom')} with ${countOf(room.bathrooms, 'bathroom')}, fast Wi-Fi, fresh linen and a fully equipped kitchen. Self check-in, and a host who answers quickly.`;
}

/** Who books in the demo, in turn: the demo guest first. */
const BOOKERS = ['guest', ...DEMO_GUESTS.map((g) => g.key)];
const cardExpiry = { expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };
const DEMO_CARDS: CardInput[] = [
  { number: '4242424242424242', cvc: '123', ...cardExpiry },
  { number: '5555555555554444', cvc: '123', ...cardExpiry },
  { number: '378282246310005', cvc: '1234', ...cardExpiry },
];
/** The room every night of which is booked from today on, so 'Booked' shows. */
export const FULLY_BOOKED_ROOM = 1;
/** A room of Hana Host's (host@staybook.example) where the demo guest checked out two days ago: nobody has reviewed it yet. */
export const TO_REVIEW_ROOM = 3;
/** Rooms given a few more past stays, so their cards show a rating; every fifth of them stays 'New'. */
const RATED_ROOMS = 24;

export type DemoStay = { room: number; guest: string; from: IsoDate; to: IsoDate; cancelled: boolean; bookedDaysBefore: number };

/** A room's window in the demo: open since about a year ago (so past stays fit), for one to three months more. */
export function demoWindow(room: number, today: IsoDate): { from: IsoDate; to: IsoDate } {
  if (room === FULLY_BOOKED_ROOM) return { from: addDays(today, -370), to: addDays(today, 14) };
  return { from: addDays(today, -(365 + ((room * 11) % 30))), to: addDays(today, 45 + ((room * 7) % 60)) };
}

/**
 * The demo's stays, relative to the day the seed runs: one past stay in every other room spread over the
 * last twelve months, an upcoming one in the coming weeks (a few of them cancelled and refunded), the demo
 * guest in the middle of a stay, and one room booked solid from today. No two stays of a room overlap.
 */
export function planDemoStays(today: IsoDate, roomCount: number): DemoStay[] {
  const day = (n: number) => addDays(today, n);
  const stays: DemoStay[] = [
    { room: FULLY_BOOKED_ROOM, guest: 'lukas', from: day(-3), to: day(5), cancelled: false, bookedDaysBefore: 20 },
    { room: FULLY_BOOKED_ROOM, guest: 'sofia', from: day(5), to: day(14), cancelled: false, bookedDaysBefore: 12 },
    { room: 5, guest: 'guest', from: day(-1), to: day(2), cancelled: false, bookedDaysBefore: 9 },
    // Ended two days ago: its review window is open and neither side has written, so the review flow can be tried.
    { room: TO_REVIEW_ROOM, guest: 'guest', from: day(-4), to: day(-2), cancelled: false, bookedDaysBefore: 30 },
  ];
  for (let i = 0; i < roomCount; i += 1) {
    if (i % 2 === 0) {
      const past = -(20 + ((i * 23) % 320));
      stays.push({ room: i, guest: BOOKERS[(i / 2) % BOOKERS.length]!, from: day(past), to: day(past + 2 + (i % 5)), cancelled: false, bookedDaysBefore: 5 + (i % 20) });
      const soon = 3 + ((i * 5) % 35);
      stays.push({ room: i, guest: BOOKERS[(i / 2 + 2) % BOOKERS.length]!, from: day(soon), to: day(soon + 2 + (i % 4)), cancelled: i % 16 === 4, bookedDaysBefore: 1 + (i % 9) });
    } else if (i % 3 === 0) {
      const past = -(45 + ((i * 17) % 280));
      stays.push({ room: i, guest: BOOKERS[(i + 1) % BOOKERS.length]!, from: day(past), to: day(past + 3), cancelled: false, bookedDaysBefore: 14 });
    }
  }
  // Older stays in some rooms, for their reviews: two to five each, where the room has no stay already.
  for (let i = 0; i < Math.min(RATED_ROOMS, roomCount); i += 1) {
    if (i % 5 === 4 || i === FULLY_BOOKED_ROOM || i === TO_REVIEW_ROOM) continue;
    for (let k = 0; k < 2 + (i % 4); k += 1) {
      const from = day(-(60 + k * 45 + ((i * 7) % 20)));
      const stay = { room: i, guest: BOOKERS[(i + k) % BOOKERS.length]!, from, to: addDays(from, 2 + (k % 3)), cancelled: false, bookedDaysBefore: 10 + k };
      if (!stays.some((s) => s.room === i && s.from < stay.to && stay.from < s.to)) stays.push(stay);
    }
  }
  return stays;
}

/** How the demo's stays were reviewed: which sides wrote, the scores, whether the host replied. Null: not reviewed. */
export type DemoReview = { guestRating: number | null; categories: number[]; hostRating: number | null; reply: string | null; guestText: string; hostText: string };

/**
 * Reviews for the demo's past stays whose window closed a week ago or more (so they are published, and every
 * date of theirs is in the past): most by both sides, a few
 * by one side only, some answered by the host; scores mostly 4 and 5. Stays whose window is still open are left
 * unreviewed, the demo guest's included.
 */
export function planDemoReview(stay: DemoStay, index: number, today: IsoDate, nthInRoom = 0): DemoReview | null {
  if (stay.cancelled || addDays(stay.to, 20) >= today || index % 11 === 7) return null;
  const guestRating = index % 9 === 3 ? null : [5, 5, 4, 5, 3, 4, 5][index % 7]!;
  const categories = Array.from({ length: 6 }, (_, c) => Math.max(1, Math.min(5, (guestRating ?? 5) + (((index + c) % 4 === 0 ? -1 : 0) + ((index * c) % 7 === 1 ? 1 : 0)))));
  return {
    guestRating,
    categories,
    hostRating: index % 8 === 5 ? null : [5, 5, 4][index % 3]!,
    reply: guestRating !== null && index % 3 === 0 ? DEMO_REPLIES[index % DEMO_REPLIES.length]! : null,
    // Counted per room, so a room's page never shows one text twice (it has fewer stays than there are texts).
    guestText: DEMO_GUEST_REVIEWS[(stay.room * 5 + nthInRoom) % DEMO_GUEST_REVIEWS.length]!,
    hostText: DEMO_HOST_REVIEWS[(stay.room + nthInRoom) % DEMO_HOST_REVIEWS.length]!,
  };
}

const DAY_MS = 86_400_000;

/** When the demo's stay `index` of `count` was booked: its lead time before check-in, and before the seed ran. */
function demoBookedAt(stay: DemoStay, index: number, count: number, seededAt: number): number {
  return Math.min(seededAt - (count - index) * 60_000, Date.parse(`${stay.from}T10:00:00Z`) - stay.bookedDaysBefore * DAY_MS);
}

/**
 * When the demo's people joined, and when its hosts became hosts: before the first stay of the demo (booked or
 * begun), so 'Guest Since' and 'Host Since' come before every stay the dashboards show. The admin joined first,
 * each next account a week later, at 09:00 UTC; each host was promoted an hour after joining, the same day.
 */
function demoAccountDates(stays: DemoStay[], seededAt: number): { joinedAt: (account: number) => Date; promotedAt: (account: number) => Date } {
  const firstStay = Math.min(
    ...stays.map((stay, i) => Math.min(demoBookedAt(stay, i, stays.length, seededAt), Date.parse(`${stay.from}T00:00:00Z`))),
  );
  const accounts = DEMO_USERS.length + DEMO_GUESTS.length;
  const firstDay = Math.floor(firstStay / DAY_MS) * DAY_MS;
  const joined = (account: number) => firstDay - (accounts - account) * 7 * DAY_MS - 30 * DAY_MS + 9 * 3_600_000;
  return {
    joinedAt: (account) => new Date(joined(account)),
    promotedAt: (account) => new Date(joined(account) + 3_600_000),
  };
}

/**
 * Fills an empty database with the demo marketplace: the demo accounts and three rooms in each
 * category, each with its own rendered cover and a gallery of 2 to 8 more pictures. A database holding any user or room is left alone,
 * so a restart never seeds twice.
 */
export async function seedDemoData(db: Db, store: Pick<ImageStore, 'saveImage'>, log: Log): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log.info('Empty database: seeding the demo marketplace…');

  const people = [...DEMO_USERS, ...DEMO_GUESTS];
  const avatars = await mapLimited(people, 2, (u) => saveSvg(store, avatarSvg(u.tint)));
  const passwordHashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  // Interleave categories so the newest-first home page opens on a varied mix.
  const plan = [0, 1, 2].flatMap((variant) =>
    CATEGORIES.map((category) => ({ category, variant, room: DEMO_ROOMS[category.label][variant]! })),
  );
  const images = await mapLimited(plan, 2, ({ category, variant }) => saveSvg(store, drawSceneSvg(category.label, variant)));
  const galleryPlan = CATEGORIES.flatMap((category) =>
    Array.from({ length: GALLERY_SCENES_PER_CATEGORY }, (_, n) => ({ category, variant: 3 + n })),
  );
  const galleryImages = await mapLimited(galleryPlan, 2, ({ category, variant }) =>
    saveSvg(store, drawSceneSvg(category.label, variant), GALLERY_DENSITY),
  );
  const galleryOf = (i: number): string[] => {
    const { category, variant } = plan[i]!;
    const categoryIndex = CATEGORIES.indexOf(category);
    const pool = galleryImages.slice(categoryIndex * GALLERY_SCENES_PER_CATEGORY, (categoryIndex + 1) * GALLERY_SCENES_PER_CATEGORY);
    const siblingCovers = plan.flatMap((other, j) => (other.category === category && j !== i ? [images[j]!] : []));
    return demoGalleryOf({ categoryIndex, variant, pool, siblingCovers });
  };

  const seededAt = Date.now();
  const today = todayIso();
  const hosts = DEMO_USERS.filter((u) => u.role === 'host');
  const stays = planDemoStays(today, plan.length);
  const { joinedAt, promotedAt } = demoAccountDates(stays, seededAt);
  return withTransaction(db, async (tx) => {
    // Two servers starting on one empty PostgreSQL database must not both seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(7316)`);
    if (!(await isEmpty(tx))) return false;

    const created = new Map<string, string>();
    for (const [i, u] of DEMO_USERS.entries()) {
      const user = await insertUser(tx, { name: u.name, email: u.email, role: u.role, image: avatars[i]!, status: 'Verified', createdAt: joinedAt(i), updatedAt: joinedAt(i) });
      if (u.role === 'host') {
        // Every account starts as a guest; 'Host Since' is the promotion (docs/decisions/016-statistics-figures.md).
        await tx.insert(roleChanges).values({ userId: user.id, fromRole: 'guest', toRole: 'host', via: 'admin', createdAt: promotedAt(i) });
      }
      // A password sign-in is an account of provider `credential` whose account id is the user's id.
      await tx.insert(accounts).values({ id: randomUUID(), userId: user.id, providerId: 'credential', accountId: user.id, password: passwordHashes[i]! });
      created.set(u.key, user.id);
    }
    for (const [i, g] of DEMO_GUESTS.entries()) {
      const account = DEMO_USERS.length + i;
      const status = g.hostRequest ? 'Requested' : 'Verified';
      const user = await insertUser(tx, { name: g.name, email: g.email, role: 'guest', image: avatars[account]!, status, createdAt: joinedAt(account), updatedAt: joinedAt(account) });
      created.set(g.key, user.id);
    }
    const seededRooms = [];
    /** The demo home's pin, the centre of its public circle (drawn from a random sequence of its own, so every seed draws the same) and its arrival details. */
    const demoPlacement = ({ location, position: [latitude, longitude] }: DemoRoom, i: number) => {
      const area = areaCentreFor({ latitude, longitude }, seededRandom(i + 1));
      return { latitude, longitude, areaLatitude: area.latitude, areaLongitude: area.longitude, ...demoArrival(location, i) };
    };
    for (const [i, { category, variant, room }] of plan.entries()) {
      const window = demoWindow(i, today);
      const seeded = await insertRoom(tx, {
        hostId: created.get(hosts[(i + variant) % hosts.length]!.key)!,
        title: room.title,
        location: room.location,
        // Its check-in days follow the place it is in (docs/decisions/026-room-time-zone.md).
        timeZone: room.timeZone,
        cancellationPolicy: room.policy ?? 'flexible',
        category: category.label,
        availableFrom: window.from,
        availableTo: window.to,
        // The demo's prices are written in dollars and its fees in cents; in another currency they are the same
        // counts of its minor units ($120 is €120, or ¥12,000 in a currency without decimals: decision 061).
        priceCents: dollarsToCents(room.price, 'USD'),
        guests: room.guests,
        bedrooms: room.bedrooms,
        bathrooms: room.bathrooms,
        description: describeRoom(room, category.description),
        image: images[i]!,
        ...demoRoomExtras(category.label, variant, i),
        ...room.rules,
        photos: [images[i]!, ...galleryOf(i)],
        ...demoPlacement(room, i),
        createdAt: new Date(seededAt - i * 60_000),
      });
      seededRooms.push(seeded);
      // What its host set in the calendar: a season's price, a longer minimum stay, a closed week.
      for (const night of room.nights ?? []) {
        await tx.insert(roomNightSettings).values({
          roomId: seeded.id,
          checkIn: addDays(today, night.fromDay),
          checkOut: addDays(today, night.fromDay + night.nights),
          priceCents: night.priceCents ?? null,
          minNights: night.minNights ?? null,
          blocked: night.blocked ?? false,
          note: night.note ?? null,
        });
      }
    }
    log.info(`Seeded ${DEMO_USERS.length} demo accounts and ${plan.length} rooms.`);

    // Paid through the built-in processor, so its records hold the intents, captures and refunds too.
    const processor = new TestPaymentProcessor(tx);
    let reviewCount = 0;
    for (const [i, stay] of stays.entries()) {
      const bookedAt = demoBookedAt(stay, i, stays.length, seededAt);
      const { booking } = await insertBooking(tx, {
        room: seededRooms[stay.room]!,
        guestId: created.get(stay.guest)!,
        checkIn: stay.from,
        checkOut: stay.to,
        status: stay.cancelled ? 'cancelled' : 'confirmed',
        createdAt: new Date(bookedAt),
        processor,
        card: DEMO_CARDS[i % DEMO_CARDS.length]!,
      });
      const review = planDemoReview(stay, i, today, stays.slice(0, i).filter((earlier) => earlier.room === stay.room).length);
      if (!review) continue;
      const room = seededRooms[stay.room]!;
      // Written a few days after check-out; published together when the second came (or the window closed).
      const wroteAt = (days: number) => new Date(Date.parse(`${stay.to}T18:00:00Z`) + days * DAY_MS);
      const publishedAt = review.guestRating !== null && review.hostRating !== null ? wroteAt(3 + (i % 4)) : wroteAt(15);
      const common = { bookingId: booking.id, roomId: room.id, publishedAt };
      if (review.guestRating !== null) {
        const [cleanliness, accuracy, communication, location, checkIn, value] = review.categories;
        await tx.insert(reviews).values({
          ...common,
          authorId: created.get(stay.guest)!,
          side: 'guest',
          rating: review.guestRating,
          cleanliness, accuracy, communication, location, checkIn, value,
          body: review.guestText,
          createdAt: wroteAt(1 + (i % 3)),
          ...(review.reply ? { reply: review.reply, repliedAt: new Date(publishedAt.getTime() + 2 * DAY_MS) } : {}),
        });
        reviewCount += 1;
      }
      if (review.hostRating !== null) {
        await tx.insert(reviews).values({ ...common, authorId: room.hostId, side: 'host', rating: review.hostRating, body: review.hostText, createdAt: wroteAt(3 + (i % 4)) });
      }
    }
    // The rooms' rating aggregates, counted once from the reviews just written.
    await recomputeRoomRatings(tx);
    log.info(`Seeded ${stays.length} bookings by ${DEMO_GUESTS.length + 1} guests, paid through the test processor, and ${reviewCount} reviews of them.`);
    // Hana Host's past stays released and paid out, so her Earnings and Payouts open on a year of history.
    const payee = DEMO_USERS.find((u) => u.key === 'host')!;
    const paid = await seedDemoPayouts(tx, { hostId: created.get(payee.key)!, holderName: payee.name, processor, now: new Date(seededAt) });
    log.info(`Seeded ${paid} payouts to the demo host's test bank account.`);
    return true;
  });
}

/**
 * The demo accounts that still sign in with the password the README publishes. In production each one is
 * a door anyone can open (one of them is an admin), so the server names them at every start.
 */
export async function findDemoAccountsWithPublishedPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
  const open: string[] = [];
  for (const demo of DEMO_USERS) {
    const hash = rows.find((r) => r.email === demo.email)?.hash;
    if (hash && (await verifyPassword({ hash, password: demo.password }))) open.push(demo.email);
  }
  return open;
}
