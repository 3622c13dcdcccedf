import { CANCELLATION_POLICY_LABELS, CANCELLATION_POLICY_TEXTS, type CancellationPolicy } from '@staybook/domain/cancellation';

interface CancellationPolicyNoteProps {
  policy: CancellationPolicy;
  /** The heading's level where it sits: a section of the room page, or a line in a dialog. */
  as?: 'h2' | 'h3' | 'p';
}

/** The host's promise to a guest who cancels, as the room page, the review before paying and the trip page say it. */
export function CancellationPolicyNote({ policy, as: Heading = 'h2' }: CancellationPolicyNoteProps) {
  return (
    <div className="flex flex-col gap-1" data-testid="cancellation-policy">
      <Heading className="font-semibold text-neutral-900">{`Cancellation policy: ${CANCELLATION_POLICY_LABELS[policy]}`}</Heading>
      <p className="font-light text-neutral-600">{CANCELLATION_POLICY_TEXTS[policy]}</p>
    </div>
  );
}
