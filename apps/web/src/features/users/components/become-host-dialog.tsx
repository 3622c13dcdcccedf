import { Modal, ModalActions } from '../../../components/modal';
import { VerifyEmailNotice } from '../../auth/components/verify-email-notice';
import { useAuth } from '../../auth/hooks/use-auth';
import { settleDialogAction } from '../../../lib/send-form';
import { useRequestHost } from '../api/use-request-host';
import { i18n } from '../../../lib/i18n';

interface BecomeHostDialogProps {
  open: boolean;
  onClose: () => void;
}

/** A guest asks to host; an admin approves by changing the role (spec, section 4). */
export function BecomeHostDialog({ open, onClose }: BecomeHostDialogProps) {
  const requestHost = useRequestHost();
  const { user } = useAuth();
  // Asking to host waits until the e-mail address is verified: the dialog says so instead of sending a refusal.
  const unverified = user !== null && !user.emailVerified;

  const handleContinue = () =>
    settleDialogAction(async () => {
      const modifiedCount = await requestHost.mutateAsync();
      return modifiedCount > 0 ? i18n.t('Success! Please wait for admin confirmation') : i18n.t('Please!, Wait for admin approval');
    }, onClose);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={i18n.t('Become A Host!')}
      description={i18n.t('Please read all the terms & conditions before becoming a host.')}
    >
      {unverified && <VerifyEmailNotice email={user.email} action={/*i18n*/ 'ask to become a host'} />}
      <hr className="my-6 border-neutral-200" />
      <ModalActions
        onCancel={onClose}
        confirmLabel={i18n.t('Continue')}
        pending={requestHost.isPending}
        confirmDisabled={unverified}
        onConfirm={() => void handleContinue()}
      />
    </Modal>
  );
}
