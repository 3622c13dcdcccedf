import { describe, expect, it } from 'vitest';
import { CalendarFetchError, DEFAULT_FETCH_LIMITS, fetchCalendarText, isPublicAddress } from './safe-fetch.js';

describe('which addresses are public', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1'])(
    '%s is not',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );
  // Each carries 169.254.169.254 (the cloud metadata service) inside an IPv6 address.
  it.each(['::ffff:0:a9fe:a9fe', '64:ff9b:1::a9fe:a9fe', '2002:a9fe:a9fe::1', '::a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2001:0:4136:e378:8000:63bf:5601:5601'])(
    '%s, an IPv4 address inside IPv6, is not',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888'])('%s is', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('fetching a calendar', () => {
  // Addresses this machine's system refuses to connect to at once, before any packet leaves: the error comes
  // back from connect() itself (ENETUNREACH, EACCES, EINVAL), which once ended the whole process. (A link-local address
  // without its interface, fe80::1, was one under Node 20; Node 24 leaves that connect pending until the time
  // limit. It is private, so outside the tests' allow-list it is refused before any connect.)
  it.each([
    ['ff02::1', 6],
    ['255.255.255.255', 4],
  ])('reports a name that resolves only to %s as a fetch that failed, and the process goes on', async (address, family) => {
    const limits = { ...DEFAULT_FETCH_LIMITS, allowHosts: ['calendar.unroutable.test'], resolveHost: async () => [{ address, family }] };
    const fetching = fetchCalendarText('http://calendar.unroutable.test/cal.ics', limits);
    await expect(fetching).rejects.toThrow(CalendarFetchError);
    await expect(fetching).rejects.toThrow('The calendar could not be fetched from the other site.');
  });

  it('refuses a name whose addresses include a private one, before connecting', async () => {
    const limits = { ...DEFAULT_FETCH_LIMITS, resolveHost: async () => [{ address: '93.184.216.34', family: 4 }, { address: '::ffff:0:a9fe:a9fe', family: 6 }] };
    await expect(fetchCalendarText('https://calendar.example.test/cal.ics', limits)).rejects.toThrow(
      'This calendar address points to a private or local network, which StayBook does not fetch from.',
    );
  });
});
