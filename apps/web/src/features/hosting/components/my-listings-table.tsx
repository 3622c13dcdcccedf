import { APP_PATHS, formatIsoDate, formatMoney, imageAtWidth, type RoomSummary } from '@staybook/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { useMyListings } from '../api/use-my-listings';
import { DeleteRoomDialog } from './delete-room-dialog';
import { UpdateRoomDialog } from './update-room-dialog';

type Open = { dialog: 'delete' | 'update'; room: RoomSummary } | null;

const ACTION_CLASS = 'rounded-full px-3 py-1 font-semibold whitespace-nowrap transition';

/** The host's rooms, newest first, each with its Delete and Update actions (spec: My Listings). */
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
        <button
          type="button"
          aria-label={`Delete ${room.title}`}
          onClick={() => setOpen({ dialog: 'delete', room })}
          className={`${ACTION_CLASS} bg-rose-100 text-rose-800 hover:bg-rose-200`}
        >
          Delete
        </button>
      ),
    },
    {
      header: 'Update',
      cell: (room) => (
        <button
          type="button"
          aria-label={`Update ${room.title}`}
          onClick={() => setOpen({ dialog: 'update', room })}
          className={`${ACTION_CLASS} bg-green-100 text-green-900 hover:bg-green-200`}
        >
          Update
        </button>
      ),
    },
  ];

  return (
    <>
      <DataTable label="My listings" columns={columns} query={listings} rowKey={(room) => room._id} empty={<NoListings />} />
      {open?.dialog === 'delete' && <DeleteRoomDialog key={open.room._id} room={open.room} onClose={close} />}
      {open?.dialog === 'update' && <UpdateRoomDialog key={open.room._id} room={open.room} onClose={close} />}
    </>
  );
}

function ListingTitle({ room }: { room: RoomSummary }) {
  return (
    <div className="flex min-w-0 items-center gap-3 text-left">
      <img
        src={imageAtWidth(room.image, 160)}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        className="size-14 shrink-0 rounded-lg bg-neutral-200 object-cover"
      />
      <Link to={`/room/${room._id}`} className="font-medium text-neutral-900 hover:underline">
        {room.title}
      </Link>
    </div>
  );
}

function NoListings() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-16 text-center">
      <h2 className="text-lg font-semibold text-neutral-900">No listings yet</h2>
      <p className="max-w-md text-neutral-600">Rooms you add appear here, where you can update or delete them.</p>
      <Link
        to={APP_PATHS.addRoom}
        className="mt-2 rounded-lg border-2 border-rose-600 bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white transition hover:border-rose-700 hover:bg-rose-700"
      >
        Add Room
      </Link>
    </div>
  );
}
