import { APP_PATHS, OPENED_FROM_MESSAGES, tripPath } from '@staybook/domain/app-routes';
import type { Thread } from '@staybook/domain/messages';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { Loader } from '../../../components/loader';
import { RoomTitleCell } from '../../../components/table-cells';
import { useThreads } from '../api/use-threads';
import { formatSentAt } from '../utils/format-time';
import { i18n } from '../../../lib/i18n';

/** The Messages page: every thread of the person's bookings, as guest and as host, latest first, each leading to its trip page. */
export function ThreadList() {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useThreads();
  if (isPending) return <Loader />;
  if (!data) return <ErrorScreen message={error?.message} />;
  const threads = data.pages.flatMap((page) => page.items);
  if (threads.length === 0) {
    return (
      <EmptyState
        title={i18n.t('No messages yet')}
        text={i18n.t("Guests and hosts write to each other on a stay's trip page. Conversations about your stays and your rooms appear here.")}
        action={{ to: APP_PATHS.myBookings, label: i18n.t('My Bookings') }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label={i18n.t('Conversations')} className="flex flex-col gap-3">
        {threads.map((thread) => (
          <ThreadItem key={thread.bookingId} thread={thread} />
        ))}
      </ul>
      {isFetchNextPageError && (
        <p role="alert" className="text-center text-rose-600">
          {error?.message}
        </p>
      )}
      {hasNextPage && (
        <Button variant="outline" className="self-center" pending={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {i18n.t('Show more')}
        </Button>
      )}
    </div>
  );
}

function ThreadItem({ thread }: { thread: Thread }) {
  const { otherParty, lastMessage, unread } = thread;
  const preview = lastMessage.fromMe ? i18n.t('You: {preview}', { preview: lastMessage.preview }) : lastMessage.preview;
  return (
    <li>
      <Link
        to={tripPath(thread.bookingId)}
        state={OPENED_FROM_MESSAGES}
        className={`flex flex-col gap-3 rounded-xl border p-4 transition hover:bg-neutral-50 sm:flex-row sm:items-center sm:gap-6 ${
          unread > 0 ? 'border-rose-300 bg-rose-50/40' : 'border-neutral-200 bg-white'
        }`}
      >
        <div className="sm:w-64 sm:shrink-0">
          <RoomTitleCell image={thread.room.image}>
            <p className="font-medium text-neutral-900">{thread.room.title}</p>
            <p className="text-xs text-neutral-600">{thread.reference}</p>
          </RoomTitleCell>
        </div>
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Avatar src={otherParty.image} alt="" size={40} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-neutral-900">{otherParty.name}</span>
              <span className="text-xs text-neutral-600">{thread.as === 'guest' ? i18n.t('Your host') : i18n.t('Your guest')}</span>
            </p>
            {/* One line, shortened with an ellipsis; the whole preview shows when hovered, as the app's other shortened texts. */}
            <p title={preview} className={`truncate text-sm ${unread > 0 ? 'font-medium text-neutral-900' : 'text-neutral-600'}`}>
              {preview}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end">
          <time dateTime={lastMessage.sentAt} className="text-xs whitespace-nowrap text-neutral-600">
            {formatSentAt(lastMessage.sentAt)}
          </time>
          {unread > 0 && <span className="rounded-full bg-rose-600 px-2.5 py-0.5 text-xs font-semibold text-white">{i18n.t('{count} unread', { count: unread })}</span>}
        </div>
      </Link>
    </li>
  );
}
