import { describe, expect, it } from 'vitest';
import './zod-setup';
import { config } from 'zod/mini';
import { z } from 'zod';

describe('zod-setup', () => {
  it("turns off zod's compiled checks for the schemas lazy pages build, without importing zod itself", () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
