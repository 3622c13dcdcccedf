import type { RoomSummary } from '@staybook/domain/rooms';
import { ConfirmDialog } from '../../../components/modal';
import { settleDialogAction } from '../../../lib/send-form';
import { useDeleteRoom } from '../api/use-room-changes';
import { i18n } from '../../../lib/i18n';

/**
 * The spec's confirmation. A room with upcoming stays is refused by the server (409), whose message says
 * how many and what to do; it shows as the error toast.
 */
export function DeleteRoomDialog({ room, onClose }: { room: RoomSummary; onClose: () => void }) {
  const remove = useDeleteRoom();
  const handleConfirm = () =>
    settleDialogAction(async () => {
      await remove.mutateAsync(room._id);
      return i18n.t('Successfully deleted.');
    }, onClose);

  return (
    <ConfirmDialog
      title={i18n.t("Are you sure? You cannot undo once it's done!")}
      description={<p className="font-medium text-neutral-800">{room.title}</p>}
      onClose={onClose}
      cancelLabel={i18n.t('No')}
      confirmLabel={i18n.t('Yes')}
      pending={remove.isPending}
      onConfirm={() => void handleConfirm()}
    />
  );
}
