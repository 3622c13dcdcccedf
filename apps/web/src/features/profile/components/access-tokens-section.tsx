import { TOKEN_SCOPE_NAMES, TOKEN_SCOPES, type TokenScope } from '@staybook/domain/access';
import { createAccessTokenBodySchema, type AccessToken, type CreatedAccessToken } from '@staybook/domain/access-tokens';
import { formatMoment } from '@staybook/domain/dates';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { ConfirmDialog } from '../../../components/modal';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../api/access-tokens-api';
import { CheckboxGroup, CreateForm, OwnRecordsSection, useCreateForm } from './profile-section';
import { i18n } from '../../../lib/i18n';

const scopeOptions = () => TOKEN_SCOPE_NAMES.map((scope) => ({ value: scope, label: i18n.known(TOKEN_SCOPES[scope].label) }));
const scopeLabels = (scopes: readonly TokenScope[]) => scopes.map((scope) => i18n.known(TOKEN_SCOPES[scope].label)).join(', ');

/** Profile's 'Access tokens': named, scoped keys for one's own tools (decision 056); a new one's secret shows once. */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useRevokeAccessToken();

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify.success(i18n.t('Token revoked')),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <OwnRecordsSection
      title={i18n.t('Access tokens')}
      description={i18n.t("Let your own tools call StayBook's API for you with Authorization: Bearer. A token reaches only what its scopes allow, never your account's settings.")}
      createForm={(onCreated) => <CreateTokenForm onCreated={onCreated} />}
      secretOf={(made: CreatedAccessToken) => ({ label: i18n.t('New token'), value: made.token, note: i18n.t('Copy the token “{name}” now: it will not be shown again.', { name: made.name }) })}
      records={{ query: tokens, label: i18n.t('Your access tokens') }}
      none={i18n.t('You have no access tokens.')}
    >
      {(items) => (
        <>
          <ul aria-label={i18n.t('Your access tokens')} className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
            {items.map((token) => (
              <li key={token.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex flex-col text-sm text-neutral-700">
                  <span className="font-semibold text-neutral-900">{token.name}</span>
                  <span>{`${token.start}… · ${scopeLabels(token.scopes)}`}</span>
                  <span>{`${i18n.t('Created {when}', { when: formatMoment(token.createdAt) })} · ${token.lastUsedAt ? i18n.t('Last used {when}', { when: formatMoment(token.lastUsedAt) }) : i18n.t('Never used')}`}</span>
                </div>
                <Button variant="subtle" onClick={() => setRevoking(token)} aria-label={i18n.t('Revoke {name}', { name: token.name })}>
                  {i18n.t('Revoke')}
                </Button>
              </li>
            ))}
          </ul>
          {revoking && (
            <ConfirmDialog
              title={i18n.t('Revoke this token?')}
              description={i18n.t('Tools using “{name}” will be refused from now on.', { name: revoking.name })}
              confirmLabel={i18n.t('Revoke')}
              pending={revoke.isPending}
              onConfirm={confirmRevoke}
              onClose={() => setRevoking(null)}
            />
          )}
        </>
      )}
    </OwnRecordsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const create = useCreateAccessToken();
  const { values, set, errors, onSubmit } = useCreateForm({ name: '', scopes: [] as TokenScope[] }, createAccessTokenBodySchema, create.mutate, (token: CreatedAccessToken) => {
    onCreated(token);
    notify.success(i18n.t('Token created'));
  });

  return (
    <CreateForm label={i18n.t('New access token')} submit={i18n.t('Create token')} pending={create.isPending} onSubmit={onSubmit}>
      <TextField label={i18n.t('Token name')} value={values.name} maxLength={50} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} />
      <CheckboxGroup legend={i18n.t('Scopes')} options={scopeOptions()} value={values.scopes} onChange={(scopes) => set({ scopes })} hint={i18n.t('Choose what the token may do.')} error={errors.scopes} />
    </CreateForm>
  );
}
