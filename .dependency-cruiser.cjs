/**
 * The boundaries `npm run lint` holds (after eslint): no import cycles, web features that share only their public
 * folders, layers that never import upward, and a domain package that knows nothing of the apps.
 *
 * The layers, from the bottom:
 * - packages/domain: pure rules both sides share; it imports no app.
 * - web: `lib/`, `components/`, `hooks/` (shared by every feature) → `features/<name>/` → `app/` (routes, layouts,
 *   the router) → `main.tsx`, `entry-server.tsx`.
 * - API: `errors.ts`, `config.ts`, `html.ts`, `periodic.ts`, `db/`, `integrations/` → `plugins/` (request plumbing)
 *   → `modules/` (the product's features) → `seed/`, `cli/`, `app.ts`, `server.ts` (which put it all together).
 *
 * Tests (`*.test.ts(x)`) may reach across the layer and feature rules (a test builds an app, or borrows another
 * feature's sample data), never into a cycle.
 */
const TEST = '\\.test\\.tsx?$';

/** What another feature may import from `features/<name>/`: what it offers, not how it works. */
const FEATURE_PUBLIC = '(api|components|hooks)/';

/** The layers named above, as the paths their files live at. */
const WEB_SHARED = '^apps/web/src/(lib|components|hooks)/';
const WEB_FEATURES = '^apps/web/src/features/';
const WEB_APP = '^apps/web/src/app/|^apps/web/src/(main|entry-server)\\.tsx$';
const API_FOUNDATION = '^apps/api/src/(db|integrations)/|^apps/api/src/(errors|config|html|periodic)\\.ts$';
const API_PLUGINS = '^apps/api/src/plugins/';
const API_MODULES = '^apps/api/src/modules/';
const API_COMPOSITION = '^apps/api/src/(seed|cli)/|^apps/api/src/(app|server)\\.ts$';
const SESSION_GUARD = '^apps/api/src/plugins/session\\.ts$';

const SESSION_GUARD_IMPORTS = "The session guard (plugins/session.ts) may import only the auth library's type from modules/auth/auth.ts.";

/** Each rule's name, why it holds and what it forbids: every one of them is an error that fails the lint. */
const RULES = [
  {
    name: 'no-cycles',
    comment:
      'An import cycle: two modules (or more) that need each other. Move the shared piece down a layer (the domain, ' +
      'lib/, a db/ module) or let the upper one pass it in. Type-only imports count too.',
    from: {},
    to: { circular: true },
  },
  {
    name: 'web-feature-internals',
    comment:
      "A web feature imports another feature's internals. A feature shares only its api/ (requests, queries, query " +
      'keys), components/ and hooks/; its utils/ and anything else are its own. Move what both need to lib/, ' +
      'components/, hooks/ or the domain, or compose the two features in the route (app/routes).',
    from: { path: `${WEB_FEATURES}([^/]+)/`, pathNot: TEST },
    to: { path: WEB_FEATURES, pathNot: [`^apps/web/src/features/$1/`, `^apps/web/src/features/[^/]+/${FEATURE_PUBLIC}`] },
  },
  {
    name: 'web-shared-imports-up',
    comment:
      'lib/, components/ and hooks/ are shared by every feature, so they import no feature and nothing of app/: ' +
      "move the piece they need down, or let the feature pass it in (as the auth provider registers with lib's handlers).",
    from: { path: WEB_SHARED, pathNot: TEST },
    to: { path: `${WEB_FEATURES}|${WEB_APP}` },
  },
  {
    name: 'web-feature-imports-app',
    comment: 'A feature imports app/ (routes, layouts, the router): the route composes features, never the other way.',
    from: { path: WEB_FEATURES, pathNot: TEST },
    to: { path: WEB_APP },
  },
  {
    name: 'api-foundation-imports-up',
    comment:
      'db/ and integrations/ sit under every route: they import no module, plugin, seed or app. Move the piece down ' +
      '(as the booking reference lives in db/booking-reference.ts) or pass it in.',
    from: { path: API_FOUNDATION, pathNot: TEST },
    to: { path: `${API_MODULES}|${API_PLUGINS}|${API_COMPOSITION}` },
  },
  {
    name: 'api-plugin-imports-module',
    comment:
      'plugins/ are request plumbing under the modules: they import none (a page that reads rooms is a module, ' +
      "modules/web). Only the session guard (plugins/session.ts) names the auth module's library type.",
    from: { path: API_PLUGINS, pathNot: [TEST, SESSION_GUARD] },
    to: { path: `${API_MODULES}|${API_COMPOSITION}` },
  },
  {
    name: 'api-session-guard-imports-module',
    comment: SESSION_GUARD_IMPORTS,
    from: { path: SESSION_GUARD },
    to: { path: `${API_MODULES}|${API_COMPOSITION}`, pathNot: '^apps/api/src/modules/auth/auth\\.ts$' },
  },
  {
    name: 'api-session-guard-imports-module-code',
    comment: SESSION_GUARD_IMPORTS,
    from: { path: SESSION_GUARD },
    to: { path: API_MODULES, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'api-module-imports-plugin',
    comment:
      'A module imports plugins/: modules use only the session guard (plugins/session.ts), and the outcome ' +
      "counters' type (plugins/metrics.ts, type-only: app.ts hands the counters in). Anything else a module needs " +
      'from a plugin belongs in the module or below it.',
    from: { path: API_MODULES, pathNot: TEST },
    to: { path: API_PLUGINS, pathNot: '^apps/api/src/plugins/(session|metrics)\\.ts$' },
  },
  {
    name: 'api-module-imports-metrics-code',
    comment: "A module imports plugins/metrics.ts's code: modules see only the counters' type; app.ts hands them in.",
    from: { path: API_MODULES, pathNot: TEST },
    to: { path: '^apps/api/src/plugins/metrics\\.ts$', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'api-module-imports-upper-module',
    comment:
      'Feature modules import each other one way only: the fees, uploads, the outbox, the gazetteer (places), webhooks and the listing (rooms) sit ' +
      'under the modules that book, review, message and count, and never import them. What two need both goes ' +
      'down a layer (listing-changes.ts, db/held-stays.ts, the domain).',
    from: { path: '^apps/api/src/modules/(fees|uploads|jobs|rooms|places|webhooks)/', pathNot: TEST },
    to: { path: '^apps/api/src/modules/(bookings|calendar|reviews|messages|stats|users|auth|payments|web)/' },
  },
  {
    name: 'api-fees-imports-module',
    comment: 'The fees are read by the listing and the bookings, so the fees module imports no other module.',
    from: { path: '^apps/api/src/modules/fees/', pathNot: TEST },
    to: { path: '^apps/api/src/modules/', pathNot: '^apps/api/src/modules/fees/' },
  },
  {
    name: 'api-module-imports-composition',
    comment: 'A module imports what puts the app together (app.ts, server.ts, seed/, cli/): that is the other way round.',
    from: { path: API_MODULES, pathNot: TEST },
    to: { path: API_COMPOSITION },
  },
  {
    name: 'domain-imports-app',
    comment: 'packages/domain is shared by both apps and imports neither (nor the scripts): the apps import it.',
    from: { path: '^packages/' },
    to: { path: '^(apps|scripts|e2e)/' },
  },
  {
    name: 'app-imports-script',
    comment: 'The apps never import scripts/ (the bench and its seed, the build): scripts import the apps.',
    from: { path: '^apps/' },
    to: { path: '^scripts/' },
  },
  {
    name: 'unresolvable-import',
    comment: 'An import dependency-cruiser cannot resolve, so no rule above could check it: fix the path (or this config).',
    from: {},
    to: { couldNotResolve: true },
  },
];

module.exports = {
  forbidden: RULES.map((rule) => ({ severity: 'error', ...rule })),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server)/' },
    // Type-only imports are dependencies too: a type cycle is still two modules that need each other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // The workspace packages resolve through their package.json `exports` (`@staybook/domain/rooms`).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
