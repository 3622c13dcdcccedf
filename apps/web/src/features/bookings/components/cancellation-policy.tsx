import { CANCELLATION_POLICY_LABELS, cancellationPolicyText, type CancellationPolicy } from '@staybook/domain/cancellation';
import { i18n } from '../../../lib/i18n';

interface CancellationPolicyNoteProps {
  policy: CancellationPolicy;
  /** The heading's level where it sits: a section of the room page, or a line in a dialog. */
  as?: 'h2' | 'h3' | 'p';
}

/** The host's promise to a guest who cancels, as the room page, the review before paying and the trip page say it. */
export function CancellationPolicyNote({ policy, as: Heading = 'h2' }: CancellationPolicyNoteProps) {
  return (
    <div className="flex flex-col gap-1" data-testid="cancellation-policy">
      <Heading className="font-semibold text-neutral-900">{i18n.t('Cancellation policy: {policy}', { policy: i18n.t(CANCELLATION_POLICY_LABELS[policy]) })}</Heading>
      <p className="font-light text-neutral-600">{cancellationPolicyText(policy)}</p>
    </div>
  );
}
