import type { AmenityKey } from '@staybook/domain/amenities';
import type { IsoDate } from '@staybook/domain/dates';
import type { FlexibleStay, YearMonth } from '@staybook/domain/flexible-stays';
import { SEARCH_FIELD_READERS, searchOf, searchProblems, type RoomSearch, type SearchField, type SearchSort } from '@staybook/domain/search';
import { longestStayEnd } from '@staybook/domain/stays';
import { i18n } from '../../../lib/i18n';

/** The dates being chosen: nothing, a check-in waiting for its check-out, or both. */
export type DateRange = { checkin?: IsoDate; checkout?: IsoDate };

/** Flexible dates being chosen: a kind of stay and the months it may start in (decision 054). */
export type FlexibleChoice = { stay?: FlexibleStay | undefined; months: YearMonth[] };

/** When: exact dates, or (`flexible`) a kind of stay in chosen months; the other's choice is kept while switching. */
export type WhenDraft = DateRange & FlexibleChoice & { flexible: boolean };

/** What the search form holds while someone fills it: prices as typed, the rest as chosen. */
export interface SearchDraft extends WhenDraft {
  where: string;
  guests?: number;
  minPrice: string;
  maxPrice: string;
  bedrooms?: number;
  amenities: AmenityKey[];
  sort: SearchSort;
}

export function draftOf(search: RoomSearch): SearchDraft {
  return {
    where: search.where ?? '',
    checkin: search.checkin,
    checkout: search.checkout,
    flexible: search.stay !== undefined,
    stay: search.stay,
    months: search.months ?? [],
    guests: search.guests,
    minPrice: search.minPrice === undefined ? '' : String(search.minPrice),
    maxPrice: search.maxPrice === undefined ? '' : String(search.maxPrice),
    bedrooms: search.bedrooms,
    amenities: search.amenities ?? [],
    sort: search.sort ?? 'recommended',
  };
}

export type DraftErrors = Partial<Record<SearchField, string>>;

/**
 * The search a filled-in form asks for, or what is wrong with it, by field: the domain's own checks, so the
 * form refuses what the API would (a check-in without a check-out, a reversed price range, a price out of range).
 */
export function searchOfDraft(draft: SearchDraft, category: RoomSearch['category'], now?: Date): { search: RoomSearch } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const search: RoomSearch = { category };
  const where = draft.where.trim();
  if (where) search.where = where;
  if (draft.flexible) {
    // Nothing chosen yet is no date filter; half a choice is asked for its other half.
    if (draft.stay) search.stay = draft.stay;
    if (draft.months.length > 0) search.months = draft.months;
  } else {
    search.checkin = draft.checkin;
    search.checkout = draft.checkout;
  }
  search.guests = draft.guests;
  search.bedrooms = draft.bedrooms;
  search.amenities = draft.amenities;
  search.sort = draft.sort;
  for (const field of ['minPrice', 'maxPrice'] as const) {
    const typed = draft[field].trim();
    if (!typed) continue;
    const reading = SEARCH_FIELD_READERS[field](typed);
    if ('value' in reading) search[field] = reading.value;
    else errors[field] = reading.problem;
  }
  for (const { field, message } of searchProblems(search, now)) errors[field] ??= message;
  // Half a flexible choice: the form asks for the other half in its own words (the API's name parameters).
  if (errors.stay && !draft.stay) errors.stay = i18n.t('Choose a weekend, a week or a month');
  if (errors.months && draft.months.length === 0) errors.months = i18n.t('Choose at least one month');
  if (Object.keys(errors).length > 0) return { errors };
  return { search: searchOf(search) };
}

/**
 * The dates after a click on `day`: the first click is the check-in, a later day the check-out, and a click on
 * or before the check-in (or once both are chosen) starts again from that day.
 */
export function pickDay(range: DateRange, day: IsoDate): DateRange {
  if (range.checkin && !range.checkout && day > range.checkin && day <= lastCheckOut(range.checkin)) {
    return { checkin: range.checkin, checkout: day };
  }
  return { checkin: day };
}

/**
 * The last check-out day a searched stay beginning on `checkin` may have: the longest stay's end, as a search
 * knows no room's window or taken nights.
 */
export function lastCheckOut(checkin: IsoDate): IsoDate {
  return longestStayEnd(checkin);
}
