import { APP_PATHS } from '@staybook/domain/app-routes';
import { EmptyState } from '../../../components/empty-state';

/** What a host's page of listings shows before their first room: `text` says what will show there; Add Room starts one. */
export function NoListings({ text }: { text: string }) {
  return <EmptyState title="No listings yet" text={text} action={{ to: APP_PATHS.addRoom, label: 'Add Room' }} />;
}
