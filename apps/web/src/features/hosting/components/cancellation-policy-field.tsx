import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_LABELS,
  cancellationPolicyText,
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
} from '@staybook/domain/cancellation';
import type { ComponentProps } from 'react';
import { Options, SelectField } from '../../../components/fields';
import { i18n } from '../../../lib/i18n';

type CancellationPolicyFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'hint' | 'children' | 'value'> & {
  /** The policy chosen now: its promise is spelled out under the field. */
  value: string;
};

/** What the host promises guests who cancel; new bookings are made under it, earlier ones keep theirs. */
export function CancellationPolicyField({ value, ...select }: CancellationPolicyFieldProps) {
  const policy = isCancellationPolicy(value) ? value : DEFAULT_CANCELLATION_POLICY;
  return (
    <SelectField
      label={i18n.t('Cancellation policy')}
      hint={`${cancellationPolicyText(policy)} ${i18n.t('Stays already booked keep the policy they were booked under.')}`}
      value={value}
      {...select}
    >
      <Options values={CANCELLATION_POLICIES} label={(name) => i18n.t(CANCELLATION_POLICY_LABELS[name])} />
    </SelectField>
  );
}
