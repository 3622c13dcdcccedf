import { describe, expect, it } from 'vitest';
import { authLogger } from './auth.js';

describe("the auth library's log lines", () => {
  it('clip a text that quotes a request, so one request cannot write a megabyte into the log', () => {
    const lines: Array<{ level: string; obj: object; msg: string }> = [];
    const record = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
    const logger = authLogger({ error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') });

    const sent = 'x'.repeat(900_000);
    logger.log('error', `Invalid callbackURL: ${sent}`, sent, { status: 403 });
    logger.log('warn', 'A short line', 'a short detail');

    const [clipped, short] = lines;
    expect(clipped!.level).toBe('error');
    expect(clipped!.msg).toBe(`auth: Invalid callbackURL: ${'x'.repeat(500 - 'Invalid callbackURL: '.length)}… (900021 characters)`);
    expect(clipped!.obj).toEqual({ details: [`${'x'.repeat(500)}… (900000 characters)`, { status: 403 }] });
    expect(short).toEqual({ level: 'warn', obj: { details: ['a short detail'] }, msg: 'auth: A short line' });
  });
});
