import { Modal, ModalActions } from '../../../components/modal';
import { VerifyEmailNotice } from '../../auth/components/verify-email-notice';
import { useAuth } from '../../auth/hooks/use-auth';
import { settleDialogAction } from '../../../lib/send-form';
import { useRequestHost } from '../api/use-request-host';

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
      return modifiedCount > 0 ? 'Success! Please wait for admin confirmation' : 'Please!, Wait for admin approval';
    }, onClose);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Become A Host!"
      description="Please read all the terms & conditions before becoming a host."
    >
      {unverified && <VerifyEmailNotice email={user.email} action="ask to become a host" />}
      <hr className="my-6 border-neutral-200" />
      <ModalActions
        onCancel={onClose}
        confirmLabel="Continue"
        pending={requestHost.isPending}
        confirmDisabled={unverified}
        onConfirm={() => void handleContinue()}
      />
    </Modal>
  );
}
