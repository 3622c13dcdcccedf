import { intlLocale } from '@staybook/domain/locale';
import type { Message } from '@staybook/domain/messages';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/form-errors';
import { useMarkRead } from '../api/use-mark-read';
import { useThread } from '../api/use-thread';
import { formatSentAt } from '../utils/format-time';
import { MessageComposer } from './message-composer';
import { i18n } from '../../../lib/i18n';

/**
 * A booking's messages between its guest and the room's host, for the trip page: newest at the bottom, earlier
 * pages on request, the composer under them. Showing it marks the other party's messages read; new ones arrive
 * by polling (docs/decisions/029-message-updates.md).
 */
export function BookingThread({ bookingId }: { bookingId: string }) {
  const thread = useThread(bookingId);
  const pages = thread.data?.pages ?? [];
  // Pages come newest first, each oldest to newest.
  const messages = [...pages].reverse().flatMap((page) => page.items);
  useMarkShownRead(bookingId, messages);
  const lastSeenId = messages.findLast((m) => m.fromMe && m.readAt !== null)?.id;

  const list = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  // The newest message stays in view as messages arrive; loading earlier ones leaves the scroll where it is.
  useLayoutEffect(() => {
    if (newestId && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newestId]);

  return (
    <div className="flex flex-col gap-4">
      {thread.isPending ? (
        <div role="status" aria-label={i18n.t('Loading messages')} className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : thread.isError && !thread.data ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-rose-50 p-4 text-sm text-rose-800">
          <p>{i18n.t('The messages could not be loaded. {reason}', { reason: errorMessage(thread.error) })}</p>
          <Button variant="outline" onClick={() => void thread.refetch()}>
            {i18n.t('Try again')}
          </Button>
        </div>
      ) : (
        <div
          ref={list}
          role="log"
          aria-label={i18n.t('Conversation')}
          // Scrollable, so it must be reachable with the keyboard.
          tabIndex={0}
          className="flex max-h-[28rem] flex-col gap-3 overflow-y-auto rounded-xl border border-neutral-200 bg-neutral-50 p-4 focus-visible:outline-2 focus-visible:outline-rose-500"
        >
          {thread.hasNextPage && (
            <Button
              variant="subtle"
              className="self-center"
              pending={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              {i18n.t('Load earlier messages')}
            </Button>
          )}
          {messages.length === 0 ? (
            <p className="py-6 text-center text-sm text-neutral-600">{i18n.t('No messages yet. Anything to ask or settle about this stay? Write it here.')}</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} seen={message.id === lastSeenId} />
              ))}
            </ol>
          )}
        </div>
      )}
      <MessageComposer bookingId={bookingId} />
    </div>
  );
}

function MessageItem({ message, seen }: { message: Message; seen: boolean }) {
  const mine = message.fromMe;
  return (
    <li className={`flex max-w-[85%] gap-2 ${mine ? 'flex-row-reverse self-end' : 'self-start'}`}>
      <Avatar src={message.sender.image} alt="" size={32} />
      <div className={`flex min-w-0 flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-neutral-600">
          <span className="font-semibold text-neutral-900">{mine ? i18n.t('You') : message.sender.name}</span>
          <time dateTime={message.sentAt} title={new Date(message.sentAt).toLocaleString(intlLocale())}>
            {formatSentAt(message.sentAt)}
          </time>
        </p>
        <p
          className={`rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] ${
            mine ? 'bg-rose-600 text-white' : 'border border-neutral-200 bg-white text-neutral-900'
          }`}
        >
          {message.body}
        </p>
        {seen && <p className="text-xs text-neutral-600">{i18n.t('Seen')}</p>}
      </div>
    </li>
  );
}

/** Marks the thread read whenever it shows a message of the other party's that is not read yet (once per such message). */
function useMarkShownRead(bookingId: string, messages: Message[]) {
  const markRead = useMarkRead(bookingId);
  const marked = useRef<string | null>(null);
  const newestUnread = messages.findLast((m) => !m.fromMe && m.readAt === null)?.id ?? null;
  const { mutate } = markRead;
  useEffect(() => {
    if (!newestUnread || marked.current === newestUnread) return;
    marked.current = newestUnread;
    mutate();
  }, [newestUnread, mutate]);
}
