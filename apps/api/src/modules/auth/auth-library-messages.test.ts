import { AUTH_LIBRARY_MESSAGES } from '@staybook/domain/auth-library-messages';
import { BASE_ERROR_CODES } from 'better-auth';
import { describe, expect, it } from 'vitest';

describe("the auth library's messages the catalog holds", () => {
  it("are the library's own wording, so a page finds each one's translation by it", () => {
    const written = new Set<string>(Object.values(BASE_ERROR_CODES).map((entry) => entry.message));
    for (const message of AUTH_LIBRARY_MESSAGES) expect(written, message).toContain(message);
  });
});
