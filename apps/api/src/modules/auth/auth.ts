import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { genericOAuth, openAPI } from 'better-auth/plugins';
import {
  APP_PATHS,
  cookieValue,
  EMAIL_VERIFICATION_HOURS,
  isLocale,
  isOwnImageUrl,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  NAME_MAX_LENGTH,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  withoutControlCharacters,
} from '@staybook/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accounts, rooms, sessions, uploads, users, verifications } from '../../db/schema.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { inRecipientLanguage, passwordResetMail, signUpAttemptMail, verifyEmailMail } from '../../integrations/mail/templates.js';
import type { ImageStore } from '../../integrations/images/image-store.js';
import { importRemoteImage } from '../../integrations/images/import-remote-image.js';
import type { ListingChanges } from '../../listing-changes.js';
import { releaseImage } from '../uploads/image-references.js';

/** The language saved on a person's account as the library hands the person over (decision 062). */
function savedLanguage(user: object) {
  const locale = 'locale' in user ? user.locale : null;
  return { locale: isLocale(locale) ? locale : null };
}

/** The header the server sets to the caller's address (from the socket or a trusted proxy) for rate limits. */
export const CLIENT_IP_HEADER = 'x-staybook-client-ip';

/** The origins a browser may call the API from: the public URL, and its loopback twin during development. */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const twins = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' } as Record<string, string>;
  const twin = twins[url.hostname];
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

/** The library's endpoints that are turned off: they answer 404 and are left out of the API reference. */
export const DISABLED_AUTH_PATHS = ['/list-sessions'];

/** The library keeps a reset link's token in `verifications` as `reset-password:<token>`, its value the user id. */
const RESET_PREFIX = 'reset-password:';

const PHOTO_REQUIRED = 'Please upload a profile photo.';

/** How long a reset link works, in seconds (the reset mails say "within an hour"). */
const RESET_LINK_SECONDS = 60 * 60;

/**
 * What every accepted sign-up answers, for a new address and for one that already has an account alike:
 * no session, no user record, nothing that differs (docs/decisions/024-verified-email.md).
 */
export const SIGN_UP_ANSWER = { status: true, message: 'Check your inbox to finish signing up.' } as const;

/**
 * Reset tokens are stored as the prefix and a SHA-256 of the token: the table alone opens no account, and
 * the prefix still tells which rows are a person's reset links.
 */
async function hashResetIdentifier(identifier: string): Promise<string> {
  return RESET_PREFIX + createHash('sha256').update(identifier.slice(RESET_PREFIX.length)).digest('base64url');
}

/**
 * A reset link made without the library's endpoint (for the mail to an address someone tried to sign up with
 * again), stored as the endpoint stores its own: hashed, an hour long, the user id as its value.
 */
async function createResetLink(db: Db, publicUrl: string, userId: string): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  const now = new Date();
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: await hashResetIdentifier(`${RESET_PREFIX}${token}`),
    value: userId,
    expiresAt: new Date(now.getTime() + RESET_LINK_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  const callbackURL = encodeURIComponent(`${publicUrl}${APP_PATHS.resetPassword}`);
  return `${publicUrl}/api/auth/reset-password/${token}?callbackURL=${callbackURL}`;
}

/** A new password ends every reset link still out for that person, so a leaked reset mail dies with the old password. */
async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`)));
}

const REQUIRED_NAME = nameSchema.min(1, { message: 'Name is required.' });

/** A name as the domain's rule takes it (trimmed), or a 400 with the rule's message. */
function checkName(schema: typeof nameSchema, value: unknown): string {
  const checked = schema.safeParse(value);
  if (!checked.success) throw new APIError('BAD_REQUEST', { message: checked.error.issues[0]!.message });
  return checked.data;
}

function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

type Logger = Record<'error' | 'warn' | 'info' | 'debug', (obj: object, msg: string) => void>;

/** How much of a text the library logs is kept: some of its lines quote what a request sent, whole. */
const LOGGED_TEXT_MAX = 500;

function clipped(value: unknown): unknown {
  return typeof value === 'string' && value.length > LOGGED_TEXT_MAX ? `${value.slice(0, LOGGED_TEXT_MAX)}… (${value.length} characters)` : value;
}

/**
 * The library's log lines, on the server's log. A line that quotes a request (an invalid callback URL, a state it
 * cannot read) is clipped, so that no caller can write a megabyte into the log with one request.
 */
export function authLogger(log: Logger) {
  return {
    log: (level: keyof Logger, message: string, ...args: unknown[]) => log[level]({ details: args.map(clipped) }, `auth: ${String(clipped(message))}`),
  };
}

export type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  imageStore: ImageStore;
  secret: string;
  log: Logger;
  /** Work the library defers until after the answer (sending mail), so timing does not reveal accounts. */
  runInBackground: (task: Promise<unknown>) => void;
  /** Told when a person's name or photo changes: hosts show both on their rooms. */
  listing: ListingChanges;
};

/** Whether the person hosts a room not removed (`rooms_host_idx`): one whose name and photo a listing shows. */
async function hostsRooms(db: Db, userId: string): Promise<boolean> {
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.hostId, userId), isNull(rooms.deletedAt))).limit(1);
  return room !== undefined;
}

/**
 * Accounts, passwords, sessions and Google sign-in, built on better-auth. Passwords are hashed with
 * scrypt by the library; sessions live in the database behind a signed, httpOnly, SameSite=Lax cookie.
 */
export function createAuth({ config, db, mailer, imageStore, secret, log, runInBackground, listing }: AuthDeps) {
  // Only the provider's own photo hosts are fetched, never an address the profile could point anywhere.
  const photoHosts = (url: URL) =>
    url.hostname.endsWith('.googleusercontent.com') ||
    (config.google !== null && url.hostname === new URL(config.google.issuer).hostname);
  // The photo a profile update replaces, per request: removed once the update is saved, unless something still shows it.
  const replacedPhotos = new WeakMap<object, string>();
  const importProviderPhoto = (url: string) => importRemoteImage(url, imageStore, { isAllowed: photoHosts });
  return betterAuth({
    appName: 'StayBook',
    logger: authLogger(log),
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    // Answered every session's raw token (each device's cookie value) to page scripts; the web app never calls it.
    disabledPaths: DISABLED_AUTH_PATHS,
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        // `input: false`: a sign-up or profile update cannot choose these; only the server sets them.
        role: { type: 'string', required: false, defaultValue: 'guest', input: false },
        status: { type: 'string', required: false, defaultValue: 'Verified', input: false },
        // The language chosen in a picker while signed in (decision 062): saved by PUT /api/me/language only.
        locale: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // A sign-up never signs in: signing in the new account would tell it apart from an existing one.
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(inRecipientLanguage(savedLanguage(user), () => passwordResetMail(user, url)));
      },
      // Runs once the new password is stored (the used token is already gone).
      async onPasswordReset({ user }) {
        await endResetLinks(db, user.id);
        // The link came by mail to this address: using it proves the address as well as the verification link does.
        if (!user.emailVerified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
      // Someone signed up with an address that has an account: they were answered as for a new one (and got no
      // session); the owner hears about it, with a way back in. Runs after the answer.
      async onExistingUserSignUp({ user }) {
        const resetUrl = await createResetLink(db, config.publicUrl, user.id);
        await mailer.send(inRecipientLanguage(savedLanguage(user), () => signUpAttemptMail(user, resetUrl)));
      },
    },
    emailVerification: {
      // Password sign-ups get the link at once; Google sign-ups arrive verified by the provider.
      sendOnSignUp: true,
      expiresIn: EMAIL_VERIFICATION_HOURS * 60 * 60,
      // Opening the link verifies the address but signs no one in: a mail that leaks is not a session.
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, token }) {
        // The link always lands on the app's own page, whatever callback a request named.
        const callbackURL = encodeURIComponent(APP_PATHS.verifyEmail);
        const url = `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${callbackURL}`;
        await mailer.send(inRecipientLanguage(savedLanguage(user), () => verifyEmailMail(user, url, EMAIL_VERIFICATION_HOURS)));
      },
    },
    verification: {
      // Tokens and codes are kept hashed, never as the secret that travels in a link.
      storeIdentifier: { default: 'hashed', overrides: { [RESET_PREFIX]: { hash: hashResetIdentifier } } },
    },
    hooks: {
      // The photo is checked before the library looks the e-mail up, so an anonymous caller without an
      // uploaded photo cannot learn which e-mails have accounts (the user.create hook checks it again).
      // The name is checked with the domain's rule (the forms' own) before the library takes it: the library
      // stores whatever JSON it is given.
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as { image?: string; name?: unknown } | undefined;
        if (ctx.path === '/sign-up/email') {
          if (!isOwnImageUrl(body?.image)) throw new APIError('BAD_REQUEST', { message: PHOTO_REQUIRED });
          // A photo another account owns is theirs (their profile's, their rooms'): not a new account's face.
          const [upload] = await db.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.url, body.image));
          if (upload?.ownerId) throw new APIError('BAD_REQUEST', { message: PHOTO_REQUIRED });
          // Empty or left out, the name is made from the e-mail (the user.create hook).
          if (body?.name !== undefined) checkName(nameSchema, body.name);
        }
        // Only for a signed-in caller: anyone else gets the library's 401 before any check of the input.
        if (ctx.path === '/update-user' && body && typeof body === 'object' && 'name' in body && (await getSessionFromCtx(ctx))) {
          checkName(REQUIRED_NAME, body.name);
        }
        // A new link is for the signed-in person only (their profile's 'Resend the link'), never for any address.
        if (ctx.path === '/send-verification-email' && !(await getSessionFromCtx(ctx))) {
          throw new APIError('UNAUTHORIZED', { message: 'Please sign in to continue.' });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.session;
        if (ctx.path === '/change-password' && session && !isAPIError(ctx.context.returned)) {
          await endResetLinks(db, session.user.id);
        }
        // Kept listing answers show a host's name and photo, nobody else's: only a host's change drops them.
        if (ctx.path === '/update-user' && session && !isAPIError(ctx.context.returned) && (await hostsRooms(db, session.user.id))) {
          await listing.roomsChanged();
        }
        // An answer that made (or renewed) a session, such as a sign-in with a password or back from Google (a
        // redirect), gives a browser that has no language of its own yet the one saved on the account (decision 062);
        // a browser's own choice is kept, and signing out keeps it too.
        const signedIn = ctx.context.newSession;
        if (signedIn) {
          const { locale } = savedLanguage(signedIn.user);
          if (locale && !isLocale(cookieValue(ctx.headers?.get('cookie'), LOCALE_COOKIE))) {
            ctx.setCookie(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax', httpOnly: false });
          }
        }
        // The library answers a new address with the new user and an existing one with a made-up user; both get this.
        if (ctx.path === '/sign-up/email' && !isAPIError(ctx.context.returned)) return ctx.json(SIGN_UP_ANSWER);
      }),
    },
    account: {
      // A Google sign-in with the e-mail of an existing account signs into that account when both sides have
      // verified the address: the provider (email_verified) and us (see docs/decisions/005-identity.md).
      accountLinking: { enabled: true },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      backgroundTasks: { handler: runInBackground },
    },
    // Off: its rule for every path counted each session read, in windows every request restarted. The
    // endpoints worth limiting are limited in front of the library, like every other route (auth.routes.ts).
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            // Password sign-ups carry a photo uploaded to us; an identity provider's photo is copied in.
            let image = user.image ?? null;
            if (ctx?.path === '/sign-up/email') {
              if (!isOwnImageUrl(image)) throw new APIError('BAD_REQUEST', { message: PHOTO_REQUIRED });
            } else {
              // Returning false stops the sign-up; the browser is sent back to the sign-in page with an error.
              if (!user.emailVerified) return false;
              if (image && !isOwnImageUrl(image)) {
                image = await importProviderPhoto(image);
                // Nobody's until the account exists; `after` makes it theirs.
                if (image) await db.insert(uploads).values({ url: image, ownerId: null }).onConflictDoNothing();
              }
            }
            // A provider's name loses control characters rather than failing the sign-in.
            const name = (withoutControlCharacters(user.name ?? '').trim() || nameFromEmail(user.email)).slice(0, NAME_MAX_LENGTH);
            return { data: { ...user, image, name } };
          },
          async after(user) {
            // The photo uploaded for this sign-up, before the account existed, becomes its owner's: then nobody
            // else can make it their profile photo, and only its owner can show it on a room. An upload another
            // account already owns, or a picture that was never an upload (the demo's), stays as it is.
            if (user.image) await db.update(uploads).set({ ownerId: user.id }).where(and(eq(uploads.url, user.image), isNull(uploads.ownerId)));
          },
        },
        update: {
          async before(user, ctx) {
            if (user.image !== undefined && user.image !== null && !isOwnImageUrl(user.image)) {
              throw new APIError('BAD_REQUEST', { message: 'Please upload the new photo first.' });
            }
            // Checked by the before hook already (any JSON type); here it is trimmed as stored.
            const name = user.name === undefined ? undefined : checkName(REQUIRED_NAME, user.name);
            const userId = ctx?.context.session?.user.id;
            // A picture someone else uploaded is theirs: not a profile photo for anyone else (nor, through it, a room's).
            if (typeof user.image === 'string' && userId) {
              const [upload] = await db.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.url, user.image));
              if (upload?.ownerId && upload.ownerId !== userId) throw new APIError('BAD_REQUEST', { message: 'Please upload the new photo first.' });
            }
            if (user.image !== undefined && ctx && userId) {
              const [current] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
              if (current?.image && current.image !== user.image) replacedPhotos.set(ctx, current.image);
            }
            return { data: name === undefined ? user : { ...user, name } };
          },
          async after(_user, ctx) {
            const replaced = ctx ? replacedPhotos.get(ctx) : undefined;
            if (!ctx || !replaced) return;
            replacedPhotos.delete(ctx);
            await releaseImage(db, replaced, { imageStore, log });
          },
        },
      },
    },
    plugins: [
      // Describes the library's endpoints for /api/openapi.json; its own reference page stays off (it loads from a CDN).
      openAPI({ disableDefaultReference: true }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
