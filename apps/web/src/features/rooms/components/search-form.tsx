import { APP_PATHS } from '@staybook/domain/app-routes';
import { currencySymbol } from '@staybook/domain/money';
import { SEARCH_LIMITS, SEARCH_SORT_LABELS, SEARCH_SORTS, searchToQuery, type RoomSearch, type SearchSort } from '@staybook/domain/search';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FiSearch } from 'react-icons/fi';
import { Button } from '../../../components/button';
import { Options, SelectField, TextField } from '../../../components/fields';
import { draftOf, searchOfDraft, type DraftErrors, type SearchDraft } from '../utils/search-draft';
import { AmenitiesFilter } from './amenities-filter';
import { DatesField } from './dates-field';
import { GuestsFilter } from './guests-filter';
import { currencyText } from '../../../lib/currency-text';
import { i18n } from '../../../lib/i18n';

/** The price range's two ends, in whole dollars per night. */
const PRICE_FIELDS = [
  { field: 'minPrice', label: /*i18n*/ 'Minimum price', min: 0 },
  { field: 'maxPrice', label: /*i18n*/ 'Maximum price', min: 1 },
] as const;

/** What both ends of the price range share: a whole number of dollars, up to the search's limit. */
const PRICE_INPUT = { type: 'number', inputMode: 'numeric', max: SEARCH_LIMITS.maxPrice, step: 1, className: 'w-36' } as const;

/** The bedroom counts offered; a larger one from the address is offered too. */
const BEDROOM_CHOICES = [1, 2, 3, 4, 5, 6];

interface SearchFormProps {
  /** The search in the address: the fields show it, and show it again when Back or Forward changes it. */
  search: RoomSearch;
  onSearch: (search: RoomSearch) => void;
  /** 'bar' lays the fields out in rows under the header; 'sheet' stacks them in the small screens' sheet. */
  variant: 'bar' | 'sheet';
  /** What was typed in this form before it was last closed, for this same search: shown instead of the search. */
  typed?: SearchDraft | undefined;
  /** Hears every change to what is typed (the sheet's opener keeps it while the sheet is closed). */
  onTyped?: ((draft: SearchDraft) => void) | undefined;
}

/**
 * Where, when, how many, and the filters beside them. Fields change a draft; 'Search' runs it (in the bar,
 * choosing a bedroom count, an amenity or a sort runs it at once). The domain's checks refuse what the API would.
 * Painted by the server, before the app has started, it is a plain GET form to the home page: its named fields and
 * `CarriedFields` make the address, which the server reads as the app does (docs/decisions/066-first-touch.md).
 */
export function SearchForm({ search, onSearch, variant, typed, onTyped }: SearchFormProps) {
  const query = searchToQuery(search);
  const [draft, setDraft] = useState(() => typed ?? draftOf(search));
  const onTypedRef = useRef(onTyped);
  useEffect(() => {
    onTypedRef.current = onTyped;
  });
  useEffect(() => onTypedRef.current?.(draft), [draft]);
  const [errors, setErrors] = useState<DraftErrors>({});
  // The address changed under the form (Back, Forward, a category, a cleared filter): show the new search.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraft(draftOf(search));
    setErrors({});
  }

  const run = (next: SearchDraft) => {
    const result = searchOfDraft(next, search.category);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSearch(result.search);
  };
  const change = (patch: Partial<SearchDraft>) => setDraft((was) => ({ ...was, ...patch }));
  /** The bar runs a choice of list at once: nothing else to fill in for it. */
  const choose = (patch: Partial<SearchDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (variant === 'bar') run(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(draft);
  };

  const bedroomChoices = [...new Set([...BEDROOM_CHOICES, ...(draft.bedrooms ? [draft.bedrooms] : [])])].sort((a, b) => a - b);
  const sheet = variant === 'sheet';

  const where = (
    <TextField
      label={i18n.t('Where')}
      name="where"
      type="search"
      autoComplete="off"
      placeholder={i18n.t('Search destinations')}
      maxLength={SEARCH_LIMITS.maxWhereLength}
      value={draft.where}
      onChange={(event) => change({ where: event.currentTarget.value })}
      error={errors.where}
      className={sheet ? '' : 'min-w-48 flex-1'}
    />
  );
  const dates = (
    <div className={sheet ? '' : 'mt-7 w-72'}>
      <DatesField
        when={draft}
        onChange={change}
        error={errors.checkin ?? errors.checkout ?? errors.stay ?? errors.months}
        inSheet={sheet}
      />
    </div>
  );
  const guests = <GuestsFilter value={draft.guests} onChange={(value) => change({ guests: value })} />;
  const filters = (
    <div className={sheet ? 'flex flex-col gap-1' : 'flex flex-wrap items-start gap-x-4 gap-y-1'}>
      <fieldset className="flex gap-3">
        <legend className="sr-only">{i18n.t('Price per night, in {currency}', { currency: currencyText() })}</legend>
        {PRICE_FIELDS.map(({ field, label, min }) => (
          <TextField
            key={field}
            label={i18n.t(label)}
            name={field}
            min={min}
            {...PRICE_INPUT}
            placeholder={i18n.t('{symbol} per night', { symbol: currencySymbol() })}
            value={draft[field]}
            onChange={(event) => change({ [field]: event.currentTarget.value })}
            error={errors[field]}
          />
        ))}
      </fieldset>
      <SelectField
        label={i18n.t('Bedrooms')}
        name="bedrooms"
        value={draft.bedrooms ?? ''}
        onChange={(event) => choose({ bedrooms: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
        className="w-36"
      >
        <option value="">{i18n.t('Any')}</option>
        <Options values={bedroomChoices} label={(n) => `${n}+`} />
      </SelectField>
      <AmenitiesFilter value={draft.amenities} onChange={(amenities) => choose({ amenities })} inSheet={sheet} />
      <SelectField
        label={i18n.t('Sort by')}
        name="sort"
        value={draft.sort}
        onChange={(event) => choose({ sort: event.currentTarget.value as SearchSort })}
        className="w-52"
      >
        <Options values={SEARCH_SORTS} label={(sort) => i18n.t(SEARCH_SORT_LABELS[sort])} />
      </SelectField>
    </div>
  );
  const submit = (
    <Button type="submit" className={sheet ? 'w-full' : 'mt-7 h-11 self-start'}>
      <FiSearch aria-hidden="true" />
      {i18n.t('Search')}
    </Button>
  );

  return (
    <form role="search" aria-label={i18n.t('Find a stay')} method="get" action={APP_PATHS.home} noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <CarriedFields draft={draft} category={search.category} />
      {sheet ? (
        <>
          {where}
          {dates}
          {guests}
          {filters}
          {submit}
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-4">
            {where}
            {dates}
            {guests}
            {submit}
          </div>
          {filters}
        </>
      )}
    </form>
  );
}

/**
 * What the draft holds that no field of the form names (the category, the dates, the guests, the amenities), as
 * hidden fields: submitted before the app has started, the form's GET keeps them in the address. Hidden, they change
 * nothing on screen; the app's own submit reads the draft.
 */
function CarriedFields({ draft, category }: { draft: SearchDraft; category: RoomSearch['category'] }) {
  const carried: [name: string, value: string][] = [];
  if (category) carried.push(['category', category]);
  if (draft.flexible) {
    if (draft.stay && draft.months.length > 0) carried.push(['stay', draft.stay], ['months', draft.months.join(',')]);
  } else if (draft.checkin && draft.checkout) {
    carried.push(['checkin', draft.checkin], ['checkout', draft.checkout]);
  }
  if (draft.guests !== undefined) carried.push(['guests', String(draft.guests)]);
  if (draft.amenities.length > 0) carried.push(['amenities', draft.amenities.join(',')]);
  return carried.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
