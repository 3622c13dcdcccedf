import { APP_PATHS } from '@staybook/domain/app-routes';
import { EmptyState } from '../../../components/empty-state';
import { i18n } from '../../../lib/i18n';

/** What a host's page of listings shows before their first room: `text` says what will show there; Add Room starts one. */
export function NoListings({ text }: { text: string }) {
  return <EmptyState title={i18n.t('No listings yet')} text={text} action={{ to: APP_PATHS.addRoom, label: i18n.t('Add Room') }} />;
}
