import { z } from 'zod';
import { countText, i18n } from './locale.js';
import { cursorPageSchema, pageLimitSchema, pageQuerySchema } from './pages.js';
import { hasControlCharactersButLayout } from './text.js';

/**
 * What the guest and the host of a booking write to each other: a thread per booking, plain text, read only by
 * those two. The web app's composer and the API check a message with the same rules.
 */

/** The most a message may hold, in characters as the database counts them (code points, not UTF-16 units). */
export const MESSAGE_MAX_LENGTH = 2000;

/** The composer shows how many characters are left once a message comes this close to the limit. */
export const MESSAGE_COUNT_FROM = 1800;

/** How many messages a thread page holds, and how many threads the Messages page lists at a time. */
export const MESSAGES_PAGE_SIZE = 30;
export const THREADS_PAGE_SIZE = 20;

/** The length of a text as PostgreSQL's char_length counts it: an emoji is one character, not two. */
export function messageLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

const messageRequired = () => i18n.t('Please write a message');

/** Why a message cannot be sent as it is (after trimming), or null when it can; in the page's language. */
export function messageProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return messageRequired();
  if (messageLength(trimmed) > MESSAGE_MAX_LENGTH) return i18n.t('A message can be at most {max} characters', { max: countText(MESSAGE_MAX_LENGTH) });
  if (hasControlCharactersButLayout(trimmed)) return i18n.t('The message contains characters that are not allowed');
  return null;
}

/** A message's text, trimmed: 1 to 2,000 characters, never only whitespace. */
export const messageBodySchema = z
  .string({ error: (issue) => (issue.input === undefined ? messageRequired() : 'The message must be text') })
  .trim()
  .superRefine((text, ctx) => {
    const problem = messageProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `POST /api/booking/:id/messages`. */
export const sendMessageBodySchema = z.object({ body: messageBodySchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** Who wrote a message, or who is on the other side of a thread. */
export const messagePersonSchema = z.object({ name: z.string(), image: z.string().nullable() });

export const messageSchema = z.object({
  id: z.uuid(),
  /** The text as written (trimmed): show it as text, never as HTML. */
  body: z.string(),
  /** ISO timestamp. */
  sentAt: z.string(),
  /** Whether the person asking wrote it. */
  fromMe: z.boolean(),
  sender: messagePersonSchema,
  /** When the other party opened the thread after it arrived; null while unread. */
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** `GET /api/booking/:id/messages?before=&limit=`. */
export const listMessagesQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: pageLimitSchema(MESSAGES_PAGE_SIZE),
});

/**
 * One page of a thread, oldest to newest. The first page holds the newest messages; `earlierCursor`, passed as
 * `before`, gives the page before it, until it is null.
 */
export const messagesPageSchema = z.object({
  items: z.array(messageSchema),
  earlierCursor: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** `POST /api/booking/:id/messages/read`: how many of the other party's messages this marked read. */
export const markReadResultSchema = z.object({ marked: z.int() });

/** A thread on the Messages page: the booking it is about, the other party and the latest message. */
export const threadSchema = z.object({
  bookingId: z.uuid(),
  /** The booking's reference (SB-7K3Q-9M2D). */
  reference: z.string(),
  /** The side the person asking is on. */
  as: z.enum(['guest', 'host']),
  room: z.object({ title: z.string(), image: z.string() }),
  otherParty: messagePersonSchema,
  lastMessage: z.object({
    /** The start of the text on one line, shortened with '…'. */
    preview: z.string(),
    sentAt: z.string(),
    fromMe: z.boolean(),
  }),
  /** The other party's messages the person asking has not read. */
  unread: z.int(),
});
export type Thread = z.infer<typeof threadSchema>;

export const listThreadsQuerySchema = pageQuerySchema(THREADS_PAGE_SIZE, 200);

/** `GET /api/messages`: the threads with the latest activity first. */
export const threadsPageSchema = cursorPageSchema(threadSchema);
export type ThreadsPage = z.infer<typeof threadsPageSchema>;

/** `GET /api/messages/unread`: every unread message the person asking has, over all their threads. */
export const unreadCountSchema = z.object({ unread: z.int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** How long a thread's preview is, in characters. */
const PREVIEW_LENGTH = 100;

/** A message's start on one line for a list of threads: runs of whitespace made one space, '…' when cut. */
export function messagePreview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= PREVIEW_LENGTH ? line : `${chars.slice(0, PREVIEW_LENGTH - 1).join('').trimEnd()}…`;
}
