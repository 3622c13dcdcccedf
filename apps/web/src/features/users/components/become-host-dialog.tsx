import { Modal, ModalActions } from '../../../components/modal';
import { settleDialogAction } from '../../../lib/notify';
import { useRequestHost } from '../api/use-request-host';

interface BecomeHostDialogProps {
  open: boolean;
  onClose: () => void;
}

/** A guest asks to host; an admin approves by changing the role (spec, section 4). */
export function BecomeHostDialog({ open, onClose }: BecomeHostDialogProps) {
  const requestHost = useRequestHost();

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
      <hr className="my-6 border-neutral-200" />
      <ModalActions onCancel={onClose} confirmLabel="Continue" pending={requestHost.isPending} onConfirm={() => void handleContinue()} />
    </Modal>
  );
}
