import { Heading } from '../../../components/heading';
import { i18n } from '../../../lib/i18n';

export function NoRooms() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Heading center title={i18n.t('No Rooms Available In This Category!')} subtitle={i18n.t('Please Select Other Categories.')} />
    </div>
  );
}
