import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { registerRequestIds, requestIdFor } from './plugins/request-ids.js';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES, marketplaceCurrency, setMarketplaceCurrency, todayIso } from '@staybook/domain';
import { refusalText, type RefusalFacts } from '@staybook/domain/refusals';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { openReplicaReads, primaryReads, type BrowsingReads, type ReplicaReads } from './db/replica.js';
import { releaseShare, RELEASE_SHARE_JOB } from './db/ledger.js';
import { AppError } from './errors.js';
import { periodicPass } from './periodic.js';
import { configuredImageStore } from './integrations/images/configured-store.js';
import type { ImageStore } from './integrations/images/image-store.js';
import { connectRedis } from './integrations/redis/redis.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { createPaymentProvider } from './integrations/payments/index.js';
import type { PaymentProvider } from './integrations/payments/payment-provider.js';
import { createAuth, trustedOrigins } from './modules/auth/auth.js';
import { authReference } from './modules/auth/auth-reference.js';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import type { BookingDeps } from './modules/bookings/booking-deps.js';
import { confirmAuthorizedPayment } from './modules/bookings/confirm-booking.js';
import { createPaymentSweeper, type PaymentSweeper } from './modules/bookings/payment-sweeper.js';
import { createCalendarSync, type CalendarSync } from './modules/calendar/calendar-sync.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import type { CalendarDeps } from './modules/calendar/calendar.service.js';
import { createCalendarReader, DEFAULT_READER_LIMITS } from './integrations/calendar/read-calendar.js';
import { DEFAULT_FETCH_LIMITS, type ResolveHost } from './integrations/calendar/safe-fetch.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createJobWorker, type JobWorker } from './modules/jobs/job-worker.js';
import { countFailedJobs, countPendingJobs, JOB_LANES, outboxMailer } from './modules/jobs/jobs.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createReviewSweeper, type ReviewSweeper } from './modules/reviews/review-sweeper.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import type { ReviewDeps } from './modules/reviews/reviews.service.js';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.js';
import { hostRoomsRoutes } from './modules/rooms/host-rooms.routes.js';
import { createListingCache, type ListingCache } from './modules/rooms/listing-cache.js';
import { createSearchIndex, roomFinder, type SearchIndex } from './modules/rooms/search-index/search-index.js';
import { roomsRoutes } from './modules/rooms/rooms.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { currentCurrency, settleCurrency } from './modules/fees/currency.service.js';
import { feesRoutes } from './modules/fees/fees.routes.js';
import { financeRoutes } from './modules/finance/finance.routes.js';
import { earningsRoutes } from './modules/earnings/earnings.routes.js';
import { PAYOUT_PASS_MS, runPayouts } from './modules/payouts/payout-run.js';
import { refreshPayoutAccount } from './modules/payouts/payout-onboarding.js';
import { payoutsRoutes } from './modules/payouts/payouts.routes.js';
import { wishlistsRoutes } from './modules/wishlists/wishlists.routes.js';
import { webhookFetchLimits, webhookJobHandlers } from './modules/webhooks/deliver-webhook.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { registerCanonicalHost } from './plugins/canonical-host.js';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { registerInputLimits } from './plugins/input-limits.js';
import { metricsRoutes, registerMetrics } from './plugins/metrics.js';
import { DOCS_PATH, openApiRoutes, registerOpenApi } from './plugins/openapi.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerReplicaReads, replicaMetrics } from './plugins/replica-reads.js';
import { registerSession, viewerResolver } from './plugins/session.js';
import { inlineScriptSources } from './modules/web/page-html.js';
import { registerWebServing } from './modules/web/web.js';

/** Reset tokens and OAuth codes travel in URLs; they must never reach the logs. */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/;
const SECRET_PARAMS = ['token', 'code', 'state'];

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(SECRET_PATH, '$1[redacted]');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${safePath}?${params.toString()}`;
}

function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Books or voids payments browsers left half done; runs every minute while the app is up. */
    paymentSweeper: PaymentSweeper;
    /** Visitors' browsing answers, kept until a write changes them (modules/rooms/listing-cache.ts). */
    listing: ListingCache;
    /** Runs the outbox's jobs (mail) in this process (modules/jobs). */
    jobs: JobWorker;
    /** Fetches hosts' imported calendars when they are due (modules/calendar). */
    calendarSync: CalendarSync;
    /** Publishes reviews whose window closed and mails review invitations (modules/reviews). */
    reviewSweeper: ReviewSweeper;
  }
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type AppDeps = {
  config: Config;
  database: Database;
  /** Outgoing mail; by default SMTP_URL's server, or the outbox in DATA_DIR. */
  mailer?: Mailer;
  /** Signs session cookies (see modules/auth/auth-secret.ts). */
  authSecret: string;
  /** Where images are kept; by default S3_BUCKET's bucket, or DATA_DIR/uploads. */
  imageStore?: ImageStore;
  /** The card processor; by default the one the configuration names (the built-in test processor). */
  paymentProvider?: PaymentProvider;
  /** The built web app to serve; null serves the API alone (as the API tests do). */
  webDist?: string | null;
  /** Called for every route as it is registered (the OpenAPI coverage test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Resolves the host names of imported calendars; the system's resolver by default (a test gives names its own answers). */
  resolveCalendarHost?: ResolveHost;
};

/** What Stripe.js needs a page's policy to allow (Stripe's documented Content-Security-Policy for Stripe.js). */
const STRIPE_JS = {
  scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connections: ['https://api.stripe.com'],
};

/** Builds the whole HTTP application without listening, for the server and for tests alike. */
export async function buildApp({
  config,
  database,
  mailer,
  authSecret,
  imageStore = configuredImageStore(config),
  paymentProvider = createPaymentProvider({ config, db: database.db }),
  webDist = DEFAULT_WEB_DIST,
  onRoute,
  resolveCalendarHost,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'], serializers: { req: serializeRequest } },
    // Long enough for any e-mail address in a path (254 characters).
    routerOptions: { maxParamLength: 320 },
    // Registering the routes compiles every schema: on a busy machine that alone can pass Fastify's default of 10 s,
    // and a start that is slow is not a plugin that never finished (every plugin here is an async function).
    pluginTimeout: 120_000,
    // Every request's id, on its log lines and its answer; a trusted proxy's own when it sent one.
    genReqId: (request) => requestIdFor(request, config.trustProxy),
    // Believe exactly as many X-Forwarded-For hops as there are proxies of ours in front.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // A slow or stalled client cannot hold a connection open forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1_048_576,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  registerRequestIds(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputLimits(app);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Every picture is served by us (provider photos are copied in at sign-in), but the map's tiles when a tile
        // service is configured (MAP_TILE_URL; docs/decisions/053-the-map.md).
        'img-src': ["'self'", 'data:', 'blob:', ...(config.mapTiles ? [config.mapTiles.imageSource] : [])],
        // Scripts are this origin's files, and the page's one inline script, named by its hash; with Stripe, Stripe.js.
        'script-src': ["'self'", ...inlineScriptSources(webDist), ...(config.stripe ? STRIPE_JS.scripts : [])],
        // With Stripe, the card field and the bank's check of a card live in Stripe's frames, which call Stripe's API.
        ...(config.stripe ? { 'frame-src': STRIPE_JS.frames, 'connect-src': ["'self'", ...STRIPE_JS.connections] } : {}),
        // Served over plain HTTP on localhost by default; HTTPS deployments terminate TLS in front.
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    // The API answers with data; its reference page and the auth library's entries (which can answer with a page of
    // their own, such as its error page) keep the page's headers.
    servesDataOnly: (url) => url.startsWith('/api/') && !url.startsWith(DOCS_PATH) && !url.startsWith('/api/auth/'),
  });
  registerCanonicalHost(app, config);

  // With REDIS_URL, every limit is counted in Redis across all the servers; without it, in this process.
  const shared = config.redis ? await connectRedis(config.redis, app.log) : null;
  if (shared) app.addHook('onClose', () => shared.close());
  const redis = shared?.client;

  // Limits apply only to the routes that declare one (sign-in and the other auth endpoints worth limiting,
  // uploads, new rooms, payments), each in fixed windows that end, each 429 with Retry-After.
  await app.register(rateLimit, {
    global: false,
    // A Redis that is away lets requests through rather than failing them (docs/decisions/020-several-servers.md).
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    // Thrown by the plugin, so the error handler builds the answer as for any other error.
    errorResponseBuilder: (_request, context) => {
      const facts: RefusalFacts = { refusal: 'too-many-requests', seconds: String(Math.ceil(context.ttl / 1000)) };
      return new AppError(429, ERROR_CODES.rateLimited, refusalText(facts), undefined, undefined, facts);
    },
  });
  await app.register(multipart);
  // Counts every request by route once it is answered; off unless METRICS=1.
  const metrics = config.metrics
    ? registerMetrics(app, {
        countJobs: async () => ({ failed: await countFailedJobs(database.db), pending: await countPendingJobs(database.db) }),
      })
    : null;

  // The auth library's deferred work (writing account mail to the outbox) finishes before the server closes.
  const background = new Set<Promise<unknown>>();
  const runInBackground = (task: Promise<unknown>) => {
    const tracked = task.catch((err: unknown) => app.log.error({ err }, 'background task failed'));
    background.add(tracked);
    void tracked.finally(() => background.delete(tracked));
  };

  // With DATABASE_REPLICA_URL, the reads that may lag a moment (browsing and search: the routes handed `browse`)
  // go to the replica when it has what the reader must see; every other read and every write stays on the
  // primary (db/replica.ts, docs/decisions/055-read-replica.md).
  let replica: ReplicaReads | null = null;
  if (config.databaseReplicaUrl) {
    if (database.kind !== 'postgres') throw new Error('DATABASE_REPLICA_URL is a replica of a PostgreSQL server: set DATABASE_URL too');
    const onRead = metrics ? replicaMetrics(metrics.registry, () => replica?.isUp() ?? false) : undefined;
    const opened = openReplicaReads({ primary: database.db, url: config.databaseReplicaUrl, log: app.log, ...(onRead ? { onRead } : {}) });
    replica = opened;
    app.addHook('onClose', () => opened.close());
  }
  const browse: BrowsingReads = replica
    ? registerReplicaReads(app, { reads: replica, secret: authSecret, secure: config.publicUrl.startsWith('https://') })
    : primaryReads(database.db);

  // Searches are answered in process when the index is on, kept current by the same change notices as the cache.
  let searchIndex: SearchIndex | null = null;
  const listing = createListingCache({
    database,
    log: app.log,
    ...(replica ? { onChange: replica.changeHeard } : {}),
    onRoomChange: (roomId) => {
      searchIndex?.changed(roomId);
      // Something of every room changed, maybe the currency on another server: read it again (decision 061).
      if (roomId === null) void readCurrencyAgain();
    },
  });
  // The marketplace's currency (decision 061): a fresh marketplace takes MARKETPLACE_CURRENCY; every amount this
  // process reads or writes is in the one in force (the domain's money.ts).
  setMarketplaceCurrency(await settleCurrency(database.db, config.currency));
  const readCurrencyAgain = async () => {
    try {
      const currency = await currentCurrency(database.db);
      if (currency === marketplaceCurrency()) return;
      setMarketplaceCurrency(currency);
      // A page drawn between the notice and this read showed the old currency.
      listing.forget(null, 'listing');
    } catch (err) {
      app.log.error({ err }, "could not read the marketplace's currency again");
    }
  };
  await listing.start();
  if (config.searchIndex) {
    const index = createSearchIndex({ db: database.db, log: app.log, canHearChanges: () => listing.stats().listening });
    searchIndex = index;
    await index.start();
    app.addHook('onClose', async () => index.stop());
  }
  const findRooms = roomFinder(searchIndex, browse);
  app.decorate('listing', listing);
  app.addHook('onClose', async () => listing.stop());

  const outgoingMail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const webhookDeps = { db: database.db, limits: webhookFetchLimits(config.webhooks.allowHosts, resolveCalendarHost), publicUrl: config.publicUrl };
  const jobs = createJobWorker({
    db: database.db,
    handlers: {
      mail: (message) => outgoingMail.send(message),
      [RELEASE_SHARE_JOB]: async ({ bookingId }) => void (await releaseShare(database.db, bookingId)),
      ...webhookJobHandlers(webhookDeps, { kick: () => jobs.kick() }),
    },
    log: app.log,
    ownsDatabase: database.kind === 'pglite',
    lanes: JOB_LANES,
  });
  app.decorate('jobs', jobs);
  const auth = createAuth({
    runInBackground,
    config,
    db: database.db,
    secret: authSecret,
    imageStore,
    log: app.log,
    mailer: outboxMailer(database.db, jobs),
    listing,
  });
  const bookingDeps: BookingDeps = {
    db: database.db,
    payments: paymentProvider,
    jobs,
    publicUrl: config.publicUrl,
    log: app.log,
    ...(metrics ? { metrics } : {}),
    listing,
  };
  const paymentSweeper = createPaymentSweeper(bookingDeps);
  app.decorate('paymentSweeper', paymentSweeper);
  const calendarDeps: CalendarDeps = {
    db: database.db,
    publicUrl: config.publicUrl,
    listing,
    log: app.log,
    limits: { ...DEFAULT_FETCH_LIMITS, allowHosts: config.calendarImport.allowHosts, ...(resolveCalendarHost ? { resolveHost: resolveCalendarHost } : {}) },
    reader: createCalendarReader(DEFAULT_READER_LIMITS, (detail) => app.log.error({ detail }, 'reading a calendar failed')),
    intervalMs: config.calendarImport.intervalMinutes * 60_000,
  };
  const calendarSync = createCalendarSync(calendarDeps);
  app.decorate('calendarSync', calendarSync);
  // Once a day each host with an available balance is paid (modules/payouts); the pass runs hourly and pays a host once a day.
  const payoutDeps = { db: database.db, payments: paymentProvider, jobs, publicUrl: config.publicUrl, log: app.log };
  const payoutPass = periodicPass(() => runPayouts(payoutDeps, { asOf: todayIso() }), {
    intervalMs: PAYOUT_PASS_MS,
    runAtStart: true,
    onError: (err) => app.log.error({ err }, 'the payout run failed; the next one tries again'),
  });
  const reviewDeps: ReviewDeps = { db: database.db, jobs, publicUrl: config.publicUrl, listing };
  const reviewSweeper = createReviewSweeper({ ...reviewDeps, log: app.log });
  app.decorate('reviewSweeper', reviewSweeper);
  app.addHook('onReady', async () => {
    paymentSweeper.start();
    calendarSync.start();
    reviewSweeper.start();
    payoutPass.start();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    // A sweep in progress finishes first; then the job being sent. Jobs not yet run stay in the outbox.
    await paymentSweeper.stop();
    await calendarSync.stop();
    await calendarDeps.reader.close();
    await reviewSweeper.stop();
    await payoutPass.stop();
    await Promise.allSettled([...background]);
    await jobs.stop();
  });
  await registerOpenApi(app, { publicUrl: config.publicUrl, describeAuth: () => authReference(auth) });
  await app.register(
    async (api) => {
      registerOriginCheck(api, trustedOrigins(config.publicUrl));
      registerSession(api, auth, database.db);
      // JSON answers in br or gzip when the client takes them; the listing cache compresses its own once.
      await api.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
      await api.register(healthRoutes, { database });
      await api.register(openApiRoutes);
      if (metrics) await api.register(metricsRoutes, { registry: metrics.registry });
      await api.register(authRoutes, { auth, config });
      await api.register(roomsRoutes, { browse, findRooms, listing, checkAnswers: config.env === 'test' });
      await api.register(placesRoutes);
      await api.register(hostRoomsRoutes, { db: database.db, imageStore, listing, defaultTimeZone: config.timeZone });
      await api.register(usersRoutes, { deps: { db: database.db, jobs, publicUrl: config.publicUrl } });
      await api.register(feesRoutes, { db: database.db, listing, currencySet: setMarketplaceCurrency });
      await api.register(payoutsRoutes, { db: database.db, payments: paymentProvider, jobs, publicUrl: config.publicUrl, log: app.log });
      await api.register(financeRoutes, { db: database.db, payments: paymentProvider });
      await api.register(earningsRoutes, { db: database.db });
      await api.register(uploadsRoutes, { db: database.db, imageStore, rateLimit: config.uploadRateLimit });
      await api.register(bookingsRoutes, { deps: bookingDeps, rateLimit: config.paymentRateLimit });
      await api.register(paymentsRoutes, { deps: bookingDeps, rateLimit: config.paymentRateLimit });
      await api.register(statsRoutes, { db: database.db });
      await api.register(calendarRoutes, { deps: calendarDeps, checkAnswers: config.env === 'test' });
      await api.register(messagesRoutes, { deps: { db: database.db, jobs, publicUrl: config.publicUrl } });
      await api.register(reviewsRoutes, { deps: reviewDeps, browse });
      await api.register(wishlistsRoutes, { db: database.db, browse });
      await api.register(accessTokensRoutes, { db: database.db });
      await api.register(webhooksRoutes, { deps: { ...webhookDeps, jobs } });
      // Stripe tells us about holds whose browser tab closed; they book through the same idempotent path. Connect
      // tells us when a host's connected account changes (whether it can be paid).
      if (paymentProvider.parseWebhook && (config.stripe?.webhookSecret || config.stripe?.connectWebhookSecret)) {
        await api.register(stripeWebhookRoutes, {
          provider: paymentProvider,
          onPaymentAuthorized: (intentId) => confirmAuthorizedPayment(bookingDeps, intentId),
          onPayoutAccountUpdated: (accountId) => refreshPayoutAccount({ db: database.db, payments: paymentProvider }, accountId),
        });
      }
    },
    { prefix: '/api' },
  );

  await registerWebServing(app, {
    imageFiles: imageStore.files,
    webDist,
    browse,
    findRooms,
    listing,
    resolveViewer: viewerResolver(auth, database.db),
  });
  return app;
}
