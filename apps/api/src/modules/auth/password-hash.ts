/**
 * A password's stored hash, made as the auth library makes it at sign-up, so that an account written straight into
 * the database signs in with that password. The bench's seed (scripts/bench-seed.ts) hashes through here: the auth
 * library is the API's own dependency, installed beside the API rather than at the root.
 */
export { hashPassword } from 'better-auth/crypto';
