import { listingPricingPath, roomPath } from '@staybook/domain/app-routes';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import type { RoomSummary } from '@staybook/domain/rooms';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { RoomTitleCell, RowAction, RowLink } from '../../../components/table-cells';
import { useMyListings } from '../api/use-my-listings';
import { CalendarSyncDialog } from './calendar-sync-dialog';
import { DeleteRoomDialog } from './delete-room-dialog';
import { UpdateRoomDialog } from './update-room-dialog';
import { NoListings } from './no-listings';
import { i18n } from '../../../lib/i18n';

type Dialog = 'delete' | 'update' | 'calendar';
type Open = { dialog: Dialog; room: RoomSummary } | null;

/**
 * The host's rooms, newest first, each with its Delete and Update actions (spec: My Listings), its Pricing and
 * availability page and its calendar sync.
 */
export function MyListingsTable() {
  const listings = useMyListings();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  /** A column whose button, named with the room's title, opens `dialog` for its row's room. */
  const dialogColumn = (
    header: string,
    tone: 'danger' | 'change',
    dialog: Dialog,
    label: (room: RoomSummary) => string,
    text: string,
  ): Column<RoomSummary> => ({
    header,
    cell: (room) => (
      <RowAction tone={tone} label={label(room)} fit="wrap" onClick={() => setOpen({ dialog, room })}>
        {text}
      </RowAction>
    ),
  });

  // Nine columns: at a laptop's width they sit closer, and the actions' labels break onto lines rather than run out
  // of the table's box.
  const columns: Column<RoomSummary>[] = [
    { header: i18n.t('Title'), cell: (room) => <ListingTitle room={room} /> },
    { header: i18n.t('Location'), cell: (room) => room.location },
    { header: i18n.t('Price'), cell: (room) => formatMoney(room.priceCents), className: 'whitespace-nowrap' },
    // The dates may break onto two lines when the row needs the room (Spanish's longer labels at a laptop's width).
    { header: i18n.t('From'), cell: (room) => formatIsoDate(room.from) },
    { header: i18n.t('To'), cell: (room) => formatIsoDate(room.to) },
    dialogColumn(i18n.t('Delete'), 'danger', 'delete', (room) => i18n.t('Delete {title}', { title: room.title }), i18n.t('Delete')),
    dialogColumn(i18n.t('Update'), 'change', 'update', (room) => i18n.t('Update {title}', { title: room.title }), i18n.t('Update')),
    {
      header: i18n.t('Pricing'),
      cell: (room) => (
        <RowLink tone="change" fit="wrap" to={listingPricingPath(room._id)} label={i18n.t('Pricing and availability for {title}', { title: room.title })}>
          {i18n.t('Pricing and availability')}
        </RowLink>
      ),
    },
    dialogColumn(i18n.t('Calendar'), 'change', 'calendar', (room) => i18n.t('Calendar sync for {title}', { title: room.title }), i18n.t('Calendar sync')),
  ];

  return (
    <>
      <DataTable label={i18n.t('My listings')} dense columns={columns} query={listings} rowKey={(room) => room._id} empty={<NoListings text={i18n.t('Rooms you add appear here, where you can update or delete them.')} />} />
      {open?.dialog === 'delete' && <DeleteRoomDialog key={open.room._id} room={open.room} onClose={close} />}
      {open?.dialog === 'update' && <UpdateRoomDialog key={open.room._id} room={open.room} onClose={close} />}
      {open?.dialog === 'calendar' && <CalendarSyncDialog key={open.room._id} room={open.room} onClose={close} />}
    </>
  );
}

function ListingTitle({ room }: { room: RoomSummary }) {
  return (
    <RoomTitleCell image={room.image}>
      <Link to={roomPath(room._id)} className="font-medium text-neutral-900 hover:underline">
        {room.title}
      </Link>
    </RoomTitleCell>
  );
}
