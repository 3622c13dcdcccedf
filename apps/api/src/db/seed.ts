import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import sharp from 'sharp';
import { addDays, CATEGORIES, countOf, dollarsToCents, todayIso } from '@staybook/domain';
import type { Db } from './client.js';
import { DEMO_ROOMS, DEMO_USERS } from './demo-data.js';
import { insertRoom, insertUser } from './factories.js';
import { accounts, rooms, users } from './schema.js';
import { drawSceneSvg } from './seed-scenes.js';
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
async function saveSvg(store: ImageStore, svg: string): Promise<string> {
  const png = await sharp(Buffer.from(svg), { density: 54 }).png({ compressionLevel: 0 }).toBuffer();
  return store.saveImage(png);
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function describeRoom(room: { title: string; location: string; guests: number; bedrooms: number; bathrooms: number }, categoryText: string): string {
  return `${room.title} in ${room.location}. ${categoryText} Sleeps ${room.guests} across ${countOf(room.bedrooms, 'bedroom')} with ${countOf(room.bathrooms, 'bathroom')}, fast Wi-Fi, fresh linen and a fully equipped kitchen. Self check-in, and a host who answers quickly.`;
}

/**
 * Fills an empty database with the demo marketplace: the demo accounts and three rooms in each
 * category, each with its own rendered picture. A database holding any user or room is left alone,
 * so a restart never seeds twice.
 */
export async function seedDemoData(db: Db, store: ImageStore, log: Log): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log.info('Empty database: seeding the demo marketplace…');

  const avatars = await mapLimited(DEMO_USERS, 2, (u) => saveSvg(store, avatarSvg(u.tint)));
  const passwordHashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  // Interleave categories so the newest-first home page opens on a varied mix.
  const plan = [0, 1, 2].flatMap((variant) =>
    CATEGORIES.map((category) => ({ category, variant, room: DEMO_ROOMS[category.label][variant]! })),
  );
  const images = await mapLimited(plan, 2, ({ category, variant }) => saveSvg(store, drawSceneSvg(category.label, variant)));

  const seededAt = Date.now();
  const today = todayIso();
  const hosts = DEMO_USERS.filter((u) => u.role === 'host');
  return db.transaction(async (tx) => {
    // Two servers starting on one empty PostgreSQL database must not both seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(7316)`);
    if (!(await isEmpty(tx))) return false;

    const created = new Map<string, string>();
    for (const [i, u] of DEMO_USERS.entries()) {
      const user = await insertUser(tx, { name: u.name, email: u.email, role: u.role, image: avatars[i]!, status: 'Verified' });
      // A password sign-in is an account of provider `credential` whose account id is the user's id.
      await tx.insert(accounts).values({ id: randomUUID(), userId: user.id, providerId: 'credential', accountId: user.id, password: passwordHashes[i]! });
      created.set(u.key, user.id);
    }
    for (const [i, { category, variant, room }] of plan.entries()) {
      const from = addDays(today, 7 + ((i * 5) % 45));
      await insertRoom(tx, {
        hostId: created.get(hosts[(i + variant) % hosts.length]!.key)!,
        title: room.title,
        location: room.location,
        category: category.label,
        availableFrom: from,
        availableTo: addDays(from, 5 + ((i * 7) % 26)),
        priceCents: dollarsToCents(room.price),
        guests: room.guests,
        bedrooms: room.bedrooms,
        bathrooms: room.bathrooms,
        description: describeRoom(room, category.description),
        image: images[i]!,
        createdAt: new Date(seededAt - i * 60_000),
      });
    }
    log.info(`Seeded ${DEMO_USERS.length} demo accounts and ${plan.length} rooms.`);
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
