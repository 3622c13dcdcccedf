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

type Open = { dialog: 'delete' | 'update' | 'calendar'; room: RoomSummary } | null;

/**
 * The host's rooms, newest first, each with its Delete and Update actions (spec: My Listings), its Pricing and
 * availability page and its calendar sync.
 */
export function MyListingsTable() {
  const listings = useMyListings();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const columns: Column<RoomSummary>[] = [
    { header: 'Title', cell: (room) => <ListingTitle room={room} /> },
    { header: 'Location', cell: (room) => room.location },
    { header: 'Price', cell: (room) => formatMoney(room.priceCents), className: 'whitespace-nowrap' },
    { header: 'From', cell: (room) => formatIsoDate(room.from), className: 'whitespace-nowrap' },
    { header: 'To', cell: (room) => formatIsoDate(room.to), className: 'whitespace-nowrap' },
    {
      header: 'Delete',
      cell: (room) => (
        <RowAction tone="danger" label={`Delete ${room.title}`} onClick={() => setOpen({ dialog: 'delete', room })}>
          Delete
        </RowAction>
      ),
    },
    {
      header: 'Update',
      cell: (room) => (
        <RowAction tone="change" label={`Update ${room.title}`} onClick={() => setOpen({ dialog: 'update', room })}>
          Update
        </RowAction>
      ),
    },
    {
      header: 'Pricing',
      cell: (room) => (
        <RowLink tone="change" to={listingPricingPath(room._id)} label={`Pricing and availability for ${room.title}`}>
          Pricing and availability
        </RowLink>
      ),
    },
    {
      header: 'Calendar',
      cell: (room) => (
        <RowAction tone="change" label={`Calendar sync for ${room.title}`} onClick={() => setOpen({ dialog: 'calendar', room })}>
          Calendar sync
        </RowAction>
      ),
    },
  ];

  return (
    <>
      <DataTable label="My listings" columns={columns} query={listings} rowKey={(room) => room._id} empty={<NoListings text="Rooms you add appear here, where you can update or delete them." />} />
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
