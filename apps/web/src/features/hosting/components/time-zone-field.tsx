import { useMemo, type ComponentProps } from 'react';
import { Options, SelectField } from '../../../components/fields';
import { i18n } from '../../../lib/i18n';

/** Every zone the browser knows, with UTC and the given ones (the server's, the room's) among them, A to Z. */
function zoneNames(include: readonly string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...include])].sort((a, b) => a.localeCompare(b));
}

type TimeZoneFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'hint' | 'children'> & {
  /** Names to offer even if the browser does not list them: the server's zone, the room's own. */
  include: readonly string[];
};

/** Where the room is: its check-in days begin at midnight in this zone (docs/decisions/026-room-time-zone.md). */
export function TimeZoneField({ include, ...select }: TimeZoneFieldProps) {
  const names = useMemo(() => zoneNames(include), [include]);
  return (
    <SelectField label={i18n.t('Time zone')} hint={i18n.t('Check-in days begin and end at midnight in this zone.')} {...select}>
      <Options values={names} label={(name) => name.replaceAll('_', ' ')} />
    </SelectField>
  );
}
