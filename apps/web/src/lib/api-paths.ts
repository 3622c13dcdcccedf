/** The API's address of one stay, or of something of it ('messages', 'review'): `/api/booking/<id>[/<part>]`. */
export function stayApiPath(bookingId: string, part?: string): string {
  const stay = `/api/booking/${encodeURIComponent(bookingId)}`;
  return part ? `${stay}/${part}` : stay;
}
