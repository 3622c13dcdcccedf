import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_LABELS,
  CANCELLATION_POLICY_TEXTS,
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
} from '@staybook/domain/cancellation';
import type { ComponentProps } from 'react';
import { Options, SelectField } from '../../../components/fields';

type CancellationPolicyFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'hint' | 'children' | 'value'> & {
  /** The policy chosen now: its promise is spelled out under the field. */
  value: string;
};

/** What the host promises guests who cancel; new bookings are made under it, earlier ones keep theirs. */
export function CancellationPolicyField({ value, ...select }: CancellationPolicyFieldProps) {
  const policy = isCancellationPolicy(value) ? value : DEFAULT_CANCELLATION_POLICY;
  return (
    <SelectField
      label="Cancellation policy"
      hint={`${CANCELLATION_POLICY_TEXTS[policy]} Stays already booked keep the policy they were booked under.`}
      value={value}
      {...select}
    >
      <Options values={CANCELLATION_POLICIES} label={(name) => CANCELLATION_POLICY_LABELS[name]} />
    </SelectField>
  );
}
