import { EMAIL_VERIFICATION_HOURS } from '@staybook/domain/users';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { sendVerificationEmail } from '../api/auth-api';
import { i18n } from '../../../lib/i18n';

interface VerifyEmailNoticeProps {
  /** The signed-in person's address, still to be verified. */
  email: string;
  /** What waits for it, as in "before you {action}"; without it, the notice only says the address is not verified. */
  action?: string;
}

/**
 * Says why booking, listing or hosting is not open yet (the server answers 403 EMAIL_NOT_VERIFIED until the
 * address is verified), and sends a new link on request.
 */
export function VerifyEmailNotice({ email, action }: VerifyEmailNoticeProps) {
  const resend = useMutation({
    mutationFn: () => sendVerificationEmail(email),
    onSuccess: () => notify.success(i18n.t('We sent a new link to {email}.', { email })),
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-left text-sm text-amber-900">
      <p>
        {action
          ? i18n.t('Please verify your e-mail address before you {action}.', { action: i18n.known(action) })
          : i18n.t('Your e-mail address is not verified yet.')}{' '}
        {i18n.t('Open the link we sent to {email}: it works for {hours} hours.', { email, hours: EMAIL_VERIFICATION_HOURS })}
      </p>
      {resend.isSuccess && (
        <p role="status" className="font-medium">
          {i18n.t('A new link is on its way. Check your inbox.')}
        </p>
      )}
      <Button variant="outline" pending={resend.isPending} onClick={() => resend.mutate()}>
        {i18n.t('Resend the link')}
      </Button>
    </div>
  );
}
