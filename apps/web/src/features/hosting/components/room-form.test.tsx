import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import { addDays, todayIso } from '@staybook/domain/dates';
import { setMarketplaceCurrency } from '@staybook/domain/money';
import { ROOM_INPUT_SAMPLE } from '@staybook/domain/test/room-input-sample';
import type { Room } from '@staybook/domain/rooms';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@staybook/domain/accounts';
import { AuthContext, type AuthContextValue } from '../../auth/hooks/use-auth';
import { ApiRequestError } from '../../../lib/api-client';
import { stubFetchJson } from '../../../testing/fetch';
import { RoomForm } from './room-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HOST = { id: 'host-1', name: 'Hana Host', email: 'hana@example.com', image: null, role: 'host', status: 'Verified', emailVerified: true } as SessionUser;
const signedIn = (user: SessionUser) => ({ user, loading: false, error: null }) as unknown as AuthContextValue;

const today = todayIso();
const STORED = '/uploads/0b6a2f9e-5d1c-4c7b-9a0e-3f2d1c4b5a69.webp';
const UPLOADED = '/uploads/7c1e4d2a-9b3f-4e5d-8a6c-1f2e3d4c5b6a.webp';
const SECOND = '/uploads/2d9c7e1b-4a3f-4b6c-8d2e-9f1a0b3c5d7e.webp';

// The room's own details are the sample the tests of its checks start from; its dates start after today, which the form checks.
const SAMPLE = ROOM_INPUT_SAMPLE;

const ROOM: Room = {
  _id: '5f0c9d3e-0000-4000-8000-000000000001',
  title: SAMPLE.title,
  location: SAMPLE.location,
  category: SAMPLE.category,
  from: addDays(today, 2),
  to: addDays(today, 60),
  price: 132.5,
  priceCents: 13250,
  guests: SAMPLE.guests,
  bedrooms: SAMPLE.bedrooms,
  bathrooms: SAMPLE.bathrooms,
  description: SAMPLE.description,
  image: STORED,
  photos: [STORED, SECOND],
  host: { name: 'Hana Host', image: null },
  booked: false,
  timeZone: 'Europe/Oslo',
  cancellationPolicy: 'moderate',
  rating: { count: 0, average: null, categories: null },
  amenities: ['wifi', 'fireplace'],
  checkInTime: '15:00',
  checkOutTime: null,
  houseRules: 'No smoking.\nQuiet after 22:00.',
  rules: DEFAULT_LISTING_RULES,
  serviceFeeBp: 0,
  area: null,
};

/** A stand-in XMLHttpRequest the test drives: how much is sent, then the answer. */
interface XMLHttpRequestDouble {
  progress(share: number): void;
  answer(status: number, body: unknown): void;
}

function xhrDouble(sent: XMLHttpRequestDouble[]) {
  return class {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push({
        progress: (share) => act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 })),
        answer: (status, body) =>
          act(() => {
            this.status = status;
            this.responseText = JSON.stringify(body);
            this.onload?.();
          }),
      });
    }
  };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('RoomForm', () => {
  // The Location field asks the gazetteer as the host types: no places, unless a test says otherwise.
  beforeEach(() => {
    stubFetchJson({ items: [] });
  });

  it("shows the shared rules' messages under each field and keeps what was typed", async () => {
    const onSave = vi.fn();
    render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={onSave} />);
    type('Location', SAMPLE.location);
    type('Price per night ($)', '19.999');
    type('Total guests', '51');

    fireEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Please choose a category')).toBeTruthy();
    expect(screen.getByText('Please choose the first available day')).toBeTruthy();
    expect(screen.getByText('Price can have at most two decimals')).toBeTruthy();
    expect(screen.getByText('The number of guests must be at most 50')).toBeTruthy();
    expect(screen.getByText('Please upload at least one photo')).toBeTruthy();
    expect(screen.getByLabelText('Location')).toHaveProperty('value', SAMPLE.location);
    expect(screen.getByLabelText('Price per night ($)')).toHaveProperty('value', '19.999');
    expect(onSave).not.toHaveBeenCalled();
    // The keyboard goes to the first field to fix in the page's order: the category.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('listbox'));
  });

  it("writes the marketplace's currency in the money fields and takes whole yen only in yen", async () => {
    setMarketplaceCurrency('JPY');
    try {
      render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={vi.fn()} />);
      expect(screen.getByLabelText('Price per night (¥)')).toHaveProperty('step', '1');
      expect(screen.getByLabelText('Cleaning fee (¥)')).toBeTruthy();
      type('Price per night (¥)', '15000.5');
      fireEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
      expect(await screen.findByText('Price must be a whole number of JPY, without decimals')).toBeTruthy();
    } finally {
      setMarketplaceCurrency('USD');
    }
  });

  it("shows the server's refusal under the field it names, or as a toast, and keeps what was typed", async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiRequestError(400, 'VALIDATION_ERROR', 'title: This title is taken', { title: 'This title is taken' }),
      )
      .mockRejectedValueOnce(new ApiRequestError(409, 'CONFLICT', 'These dates leave out a stay'));
    render(
      <>
        <RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} onCancel={() => {}} />
        <Toaster />
      </>,
    );
    type('Price per night ($)', '140.25');
    // The amenities ticked, the times and the rules as stored; a new amenity and a check-out time added.
    const amenities = screen.getByRole('group', { name: 'Amenities' });
    expect(within(amenities).getByRole('checkbox', { name: 'Wi-Fi' })).toHaveProperty('checked', true);
    expect(within(amenities).getByRole('checkbox', { name: 'Pool' })).toHaveProperty('checked', false);
    fireEvent.click(within(amenities).getByRole('checkbox', { name: 'Hot tub' }));
    expect(screen.getByLabelText('Check-in time')).toHaveProperty('value', '15:00');
    expect(screen.getByLabelText('House rules')).toHaveProperty('value', 'No smoking.\nQuiet after 22:00.');
    type('Check-out time', '10:30');

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('This title is taken')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    expect(screen.getByLabelText('Price per night ($)')).toHaveProperty('value', '140.25');

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('These dates leave out a stay')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Price per night ($)')).toHaveProperty('value', '140.25');
  });

  it('starts from the stored room when updating and hands over what the server takes', async () => {
    const onSave = vi.fn();
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} onCancel={() => {}} />);
    expect(screen.getByLabelText('Title')).toHaveProperty('value', SAMPLE.title);
    expect(screen.getByRole('img', { name: 'Preview of photo 1' }).getAttribute('src')).toContain('/uploads/0b6a2f9e');
    expect(screen.getByText('Cover')).toBeTruthy();
    type('Price per night ($)', '140.25');
    // The amenities ticked, the times and the rules as stored; a new amenity and a check-out time added.
    const amenities = screen.getByRole('group', { name: 'Amenities' });
    expect(within(amenities).getByRole('checkbox', { name: 'Wi-Fi' })).toHaveProperty('checked', true);
    expect(within(amenities).getByRole('checkbox', { name: 'Pool' })).toHaveProperty('checked', false);
    fireEvent.click(within(amenities).getByRole('checkbox', { name: 'Hot tub' }));
    expect(screen.getByLabelText('Check-in time')).toHaveProperty('value', '15:00');
    expect(screen.getByLabelText('House rules')).toHaveProperty('value', 'No smoking.\nQuiet after 22:00.');
    type('Check-out time', '10:30');

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      title: SAMPLE.title,
      location: SAMPLE.location,
      category: SAMPLE.category,
      from: ROOM.from,
      to: ROOM.to,
      priceCents: 14025,
      guests: SAMPLE.guests,
      bedrooms: SAMPLE.bedrooms,
      bathrooms: SAMPLE.bathrooms,
      description: SAMPLE.description,
      photos: [STORED, SECOND],
      image: STORED,
      coverOnly: false,
      timeZone: 'Europe/Oslo',
      cancellationPolicy: 'moderate',
      amenities: ['wifi', 'hot-tub', 'fireplace'],
      checkInTime: '15:00',
      checkOutTime: '10:30',
      houseRules: 'No smoking.\nQuiet after 22:00.',
      rules: DEFAULT_LISTING_RULES,
    });
  });

  it("offers the three cancellation policies, starting at the room's, and spells out the one chosen", () => {
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={vi.fn()} onCancel={() => {}} />);
    const policy = screen.getByLabelText('Cancellation policy');
    expect(policy).toHaveProperty('value', 'moderate');
    expect(screen.getAllByRole('option', { name: /^(Flexible|Moderate|Strict)$/ })).toHaveLength(3);
    expect(document.getElementById(policy.getAttribute('aria-describedby')!)?.textContent).toContain('Full refund if you cancel at least 5 days before check-in');
    fireEvent.change(policy, { target: { value: 'strict' } });
    expect(document.getElementById(policy.getAttribute('aria-describedby')!)?.textContent).toContain('within 48 hours of booking');
  });

  it("asks where a new room is, in a labelled time zone field that starts at the server's zone", async () => {
    const onSave = vi.fn();
    render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={onSave} defaultTimeZone="Europe/Lisbon" />);
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveProperty('value', 'Europe/Lisbon');
    expect(screen.getByText('Check-in days begin and end at midnight in this zone.').id).toBe(zone.getAttribute('aria-describedby'));
    expect(screen.getByRole('option', { name: 'Australia/Sydney' })).toBeTruthy();

    fireEvent.change(zone, { target: { value: 'Australia/Sydney' } });
    expect(zone).toHaveProperty('value', 'Australia/Sydney');
  });

  it('suggests the places it knows by the typed name; choosing one places the pin and sets the time zone', async () => {
    const SINTRA = { name: 'Sintra', country: 'Portugal', latitude: 38.80097, longitude: -9.37826, timeZone: 'Europe/Lisbon' };
    const fetch = stubFetchJson({ items: [SINTRA, { ...SINTRA, name: 'Sintra', country: 'Brazil', latitude: -10.7, longitude: -52.6, timeZone: 'America/Cuiaba' }] });
    render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={vi.fn()} defaultTimeZone="UTC" />);
    fireEvent.change(screen.getByLabelText(/^Location/), { target: { value: 'Sint' } });

    const suggestions = await screen.findByRole('list', { name: /^Places with this name/ });
    // The pin's map may ask for its settings (/api/config) first, as it loads.
    expect(fetch.mock.calls.some(([url]) => url === '/api/places?q=Sint')).toBe(true);
    expect(within(suggestions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Sintra, Portugal', 'Sintra, Brazil']);
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Sintra, Portugal' }));

    expect(screen.getByLabelText(/^Location/)).toHaveProperty('value', 'Sintra, Portugal');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '38.80097');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '-9.37826');
    expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'Europe/Lisbon');
    // Chosen, the place is no longer offered.
    expect(screen.queryByRole('list', { name: /^Places with this name/ })).toBeNull();
  });

  it('sets the time zone and the pin from a location typed in full and left, when the gazetteer knows the place by that name', async () => {
    const SINTRA = { name: 'Sintra', country: 'Portugal', latitude: 38.80097, longitude: -9.37826, timeZone: 'Europe/Lisbon' };
    const fetch = stubFetchJson({ items: [SINTRA] });
    render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={vi.fn()} defaultTimeZone="UTC" />);
    const location = screen.getByLabelText(/^Location/);
    fireEvent.change(location, { target: { value: 'sintra' } });
    fireEvent.blur(location);

    await waitFor(() => expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'Europe/Lisbon'));
    expect(fetch.mock.calls.some(([url]) => url === '/api/places?q=sintra')).toBe(true);
    // What the host typed stays as they typed it; the pin goes where the place is.
    expect(location).toHaveProperty('value', 'sintra');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '38.80097');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '-9.37826');
  });

  it('keeps a zone the host picked, and a name the gazetteer does not know changes nothing', async () => {
    const SINTRA = { name: 'Sintra', country: 'Portugal', latitude: 38.80097, longitude: -9.37826, timeZone: 'Europe/Lisbon' };
    const fetch = stubFetchJson({ items: [SINTRA] });
    render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={vi.fn()} defaultTimeZone="UTC" />);
    const location = screen.getByLabelText(/^Location/);
    // 'Sint' is only the start of a name: no place is called that.
    fireEvent.change(location, { target: { value: 'Sint' } });
    fireEvent.blur(location);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/places?q=Sint')).toBe(true));
    expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'UTC');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '');

    // The host picks a zone themselves: a typed place moves the pin, not their zone.
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Oslo' } });
    fireEvent.change(location, { target: { value: 'Sintra, Portugal' } });
    fireEvent.blur(location);
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '38.80097'));
    expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'Europe/Oslo');
  });

  it('asks for both halves of the pin, and keeps an updated room’s address and arrival instructions', async () => {
    const onSave = vi.fn();
    render(<RoomForm room={{ ...ROOM, host: { name: 'Hana', image: null }, position: { latitude: 69.6492, longitude: 18.9553 }, address: '1 Fjord Road', arrivalInstructions: 'Key under the mat.' }} submitLabel="Update" saving={false} onSave={onSave} />);
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '69.6492');
    expect(screen.getByLabelText(/^Address/)).toHaveProperty('value', '1 Fjord Road');
    expect(screen.getByLabelText(/^Arrival instructions/)).toHaveProperty('value', 'Key under the mat.');

    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please place the pin: give both latitude and longitude')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '18.95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ position: { latitude: 69.6492, longitude: 18.95 }, address: '1 Fjord Road', arrivalInstructions: 'Key under the mat.' });
  });

  it('keeps the zone of a room being updated', () => {
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={vi.fn()} onCancel={() => {}} defaultTimeZone="UTC" />);
    expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'Europe/Oslo');
  });

  it('uploads each chosen photo at once, showing its progress, and saves the stored addresses in order', async () => {
    const sent: XMLHttpRequestDouble[] = [];
    vi.stubGlobal('XMLHttpRequest', xhrDouble(sent));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    const onSave = vi.fn();
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} />);

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'sunset-over-the-fjord-cabin.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photos'), { target: { files: [photo] } });

    expect(screen.getByText('Photo 3 of 3: sunset-over-the….png')).toBeTruthy();
    expect(sent).toHaveLength(1);
    sent[0]!.progress(0.5);
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo 3' })).toHaveProperty('value', 0.5);
    // Saving now says to wait, and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please wait until every photo has finished uploading')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    sent[0]!.answer(201, { url: UPLOADED, display_url: UPLOADED });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ photos: [STORED, SECOND, UPLOADED], image: STORED, priceCents: 13250 });
  });

  it('drops a stale photo message as soon as photos are chosen, and says when the uploads wait for the server', async () => {
    const sent: XMLHttpRequestDouble[] = [];
    vi.stubGlobal('XMLHttpRequest', xhrDouble(sent));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    render(<RoomForm submitLabel="Save & Continue" saving={false} onSave={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Please upload at least one photo')).toBeTruthy();

    const photo = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photos'), { target: { files: [photo('a.png'), photo('b.png')] } });
    expect(screen.queryByText('Please upload at least one photo')).toBeNull();
    expect(screen.getByText('Uploading photos…')).toBeTruthy();
    sent[0]!.progress(1);
    sent[1]!.progress(1);
    expect(await screen.findByText('Processing photos…')).toBeTruthy();
    expect(screen.getAllByText('Processing…')).toHaveLength(2);
    sent[0]!.answer(201, { url: UPLOADED, display_url: UPLOADED });
    sent[1]!.answer(201, { url: SECOND, display_url: SECOND });
    await waitFor(() => expect(screen.queryByText('Processing photos…')).toBeNull());
    expect(screen.queryByText('Please upload at least one photo')).toBeNull();
  });

  it('keeps a refused upload in the list with its reason until it is removed', async () => {
    const sent: XMLHttpRequestDouble[] = [];
    vi.stubGlobal('XMLHttpRequest', xhrDouble(sent));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    const onSave = vi.fn();
    render(<RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Photos'), {
      target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' }), new File([new Uint8Array([1])], 'big.png', { type: 'image/png' })] },
    });
    expect(screen.getByText('Please choose an image file')).toBeTruthy();
    sent[0]!.answer(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large. The limit is 5 MB.' } });
    expect(await screen.findByText('The image is too large. The limit is 5 MB.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please remove the photos that could not be uploaded')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    const items = screen.getAllByTestId('photo-item');
    fireEvent.click(within(items[3]!).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(screen.getAllByTestId('photo-item')[2]!).getByRole('button', { name: 'Remove' }));
    expect(screen.getAllByTestId('photo-item')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ photos: [STORED, SECOND] });
  });

  it('keeps a draft as the host types, restores it with a notice, starts afresh on Discard, and forgets it once saved', async () => {
    const addRoom = (onSave = vi.fn(), onSaved = vi.fn(), user = HOST) =>
      render(
        <AuthContext value={signedIn(user)}>
          <RoomForm submitLabel="Save & Continue" saving={false} onSave={onSave} onSaved={onSaved} draft="add-room" />
        </AuthContext>,
      );
    addRoom();
    type('Location', SAMPLE.location);
    type('Title', SAMPLE.title);
    type('Description', SAMPLE.description);
    cleanup();

    // Back again: everything typed is there, and says so.
    addRoom();
    // Said as a status (the availability calendar, once its code has loaded, has its own for the month shown).
    expect(screen.getByText('Draft restored').closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', SAMPLE.title));
    expect(screen.getByLabelText('Location')).toHaveProperty('value', SAMPLE.location);
    expect(screen.getByLabelText('Description')).toHaveProperty('value', SAMPLE.description);
    cleanup();

    // Another person on this browser sees none of it.
    addRoom(vi.fn(), vi.fn(), { ...HOST, id: 'host-2' });
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', '');
    cleanup();

    addRoom();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', ''));
    expect(screen.queryByText('Draft restored')).toBeNull();
    cleanup();
    addRoom();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', '');

    // Typed again and saved: the draft is gone, and the page is told.
    type('Title', 'Cabin, renovated');
    cleanup();
    const onSave = vi.fn(() => Promise.resolve());
    const onSaved = vi.fn();
    render(
      <AuthContext value={signedIn(HOST)}>
        <RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={onSave} onSaved={onSaved} draft={`update-room:${ROOM._id}`} />
      </AuthContext>,
    );
    type('Title', `${SAMPLE.title}, renovated`);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(`staybook:draft:${HOST.id}:update-room:${ROOM._id}`)).toBeNull();
    // The Add Room draft typed before is still there, for that form.
    expect(localStorage.getItem(`staybook:draft:${HOST.id}:add-room`)).toContain('Cabin, renovated');
  });

  it('asks before the tab is closed while Update Room Info has changes not saved, and not once they are saved', async () => {
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const onSaved = vi.fn();
    render(
      <AuthContext value={signedIn(HOST)}>
        <RoomForm room={ROOM} submitLabel="Update" saving={false} onSave={() => Promise.resolve()} onSaved={onSaved} draft={`update-room:${ROOM._id}`} />
      </AuthContext>,
    );
    expect(closeTab()).toBe(false);
    type('Title', `${SAMPLE.title}, renovated`);
    await waitFor(() => expect(closeTab()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(closeTab()).toBe(false);
  });
});
