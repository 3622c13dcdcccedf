import { findAmenity, type AmenityKey } from '@staybook/domain/amenities';
import { Suspense, useId } from 'react';
import { Loader } from '../../../components/loader';
import { PopoverPanel } from '../../../components/popover-panel';
import { usePopover } from '../../../hooks/use-popover';
import { lazyPage } from '../../../lib/lazy-page';
import { i18n } from '../../../lib/i18n';

// The list brings the amenities' icons: loaded when the filter is first opened, not with the home page.
const AmenitiesPanel = lazyPage(() => import('./amenities-panel'), 'AmenitiesPanel');

interface AmenitiesFilterProps {
  value: readonly AmenityKey[];
  onChange: (amenities: AmenityKey[]) => void;
  /** In the small screens' sheet the list opens in place; elsewhere over the page. */
  inSheet?: boolean;
}

/** What the button says is chosen: 'Any', the one amenity, or how many. */
function describe(value: readonly AmenityKey[]): string {
  if (value.length === 0) return i18n.t('Any');
  const one = value.length === 1 ? findAmenity(value[0]!) : undefined;
  return one ? i18n.t(one.label) : i18n.t('{count} chosen', { count: value.length });
}

/**
 * The search's 'Amenities': a button opening a checkbox for each amenity of the list; a room must have every one
 * ticked. Escape, a click outside or 'Done' closes it and hands focus back to the button.
 */
export function AmenitiesFilter({ value, onChange, inSheet = false }: AmenitiesFilterProps) {
  const { open, close, rootRef, buttonProps, panelId, onKeyDown } = usePopover({ inSheet });
  const labelId = useId();
  const valueId = useId();

  return (
    <div ref={rootRef} className="relative flex flex-col gap-2" onKeyDown={onKeyDown}>
      <span id={labelId} className="text-sm font-medium text-neutral-800">
        {i18n.t('Amenities')}
      </span>
      <button
        {...buttonProps}
        aria-labelledby={`${labelId} ${valueId}`}
        className="h-11 min-w-36 rounded-md border border-neutral-300 bg-neutral-50 px-3 text-left text-neutral-900"
      >
        <span id={valueId}>{describe(value)}</span>
      </button>
      {open && (
        <PopoverPanel id={panelId} label={i18n.t('Choose amenities')} inSheet={inSheet} width="w-[36rem] max-w-[calc(100vw-2rem)]">
          <Suspense fallback={<Loader size="short" />}>
            <AmenitiesPanel value={value} onChange={onChange} onDone={close} />
          </Suspense>
        </PopoverPanel>
      )}
    </div>
  );
}
