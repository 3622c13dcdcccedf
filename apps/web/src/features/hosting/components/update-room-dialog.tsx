import type { RoomSummary } from '@staybook/domain/rooms';
import { Modal } from '../../../components/modal';
import { notify } from '../../../lib/notify';
import { useUpdateRoom } from '../api/use-room-changes';
import { RoomForm } from './room-form';
import { i18n } from '../../../lib/i18n';

/**
 * The Add Room form, prefilled. A refusal (dates that would leave out a confirmed stay, a 409 naming
 * them) is shown by the form, and the dialog stays open with what was typed; what is typed is kept as a draft.
 */
export function UpdateRoomDialog({ room, onClose }: { room: RoomSummary; onClose: () => void }) {
  const update = useUpdateRoom();
  return (
    <Modal open onClose={() => !update.isPending && onClose()} title={i18n.t('Update Room Info')} size="wide">
      <RoomForm
        room={room}
        submitLabel={i18n.t('Update')}
        saving={update.isPending}
        onCancel={onClose}
        // Closed without saving, the changes wait as a draft for the next time this room's dialog opens.
        draft={`update-room:${room._id}`}
        onSave={(input) => update.mutateAsync({ id: room._id, input })}
        onSaved={() => {
          notify.success(i18n.t('Home info updated'));
          onClose();
        }}
      />
    </Modal>
  );
}
