import type { HostListedRoom } from '@staybook/domain/rooms';
import { Modal } from '../../../components/modal';
import { notify } from '../../../lib/notify';
import { useUpdateRoom } from '../api/use-room-changes';
import { RoomForm } from './room-form';

/**
 * The Add Room form, prefilled. A refusal (dates that would leave out a confirmed stay, a 409 naming
 * them) is shown by the form, and the dialog stays open with what was typed.
 */
export function UpdateRoomDialog({ room, onClose }: { room: HostListedRoom; onClose: () => void }) {
  const update = useUpdateRoom();
  return (
    <Modal open onClose={() => !update.isPending && onClose()} title="Update Room Info" size="wide">
      <RoomForm
        room={room}
        submitLabel="Update"
        saving={update.isPending}
        onCancel={onClose}
        onSave={async (input) => {
          await update.mutateAsync({ id: room._id, input });
          notify.success('Home info updated');
          onClose();
        }}
      />
    </Modal>
  );
}
