import { expect } from '@playwright/test';
import type { ReceivedMail } from './mime';
import { CONTROL_URL } from './servers';

/** What the stand-in SMTP server has received for `to` so far, oldest first. */
export async function fetchMail(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${CONTROL_URL}/messages?${new URLSearchParams({ to }).toString()}`);
  expect(response.status, 'GET /messages from the stand-ins').toBe(200);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for the `count`-th message to `to` (mail leaves the app after its answer) and returns it. */
export async function waitForMail(to: string, count = 1): Promise<ReceivedMail> {
  let messages: ReceivedMail[] = [];
  await expect
    .poll(async () => (messages = await fetchMail(to)).length, { message: `mail #${count} to ${to}` })
    .toBeGreaterThanOrEqual(count);
  return messages[count - 1]!;
}

/** The first http(s) link in a mail's plain text. */
export function firstLink(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}
