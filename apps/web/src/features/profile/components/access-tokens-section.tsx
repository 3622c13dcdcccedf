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

const SCOPE_OPTIONS = TOKEN_SCOPE_NAMES.map((scope) => ({ value: scope, label: TOKEN_SCOPES[scope].label }));
const scopeLabels = (scopes: readonly TokenScope[]) => scopes.map((scope) => TOKEN_SCOPES[scope].label).join(', ');

/** Profile's 'Access tokens': named, scoped keys for one's own tools (decision 056); a new one's secret shows once. */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useRevokeAccessToken();

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify.success('Token revoked'),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <OwnRecordsSection
      title="Access tokens"
      description="Let your own tools call StayBook's API for you with Authorization: Bearer. A token reaches only what its scopes allow, never your account's settings."
      createForm={(onCreated) => <CreateTokenForm onCreated={onCreated} />}
      secretOf={(made: CreatedAccessToken) => ({ label: 'New token', value: made.token, note: `Copy the token “${made.name}” now: it will not be shown again.` })}
      records={{ query: tokens, label: 'Your access tokens' }}
      none="You have no access tokens."
    >
      {(items) => (
        <>
          <ul aria-label="Your access tokens" className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
            {items.map((token) => (
              <li key={token.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex flex-col text-sm text-neutral-700">
                  <span className="font-semibold text-neutral-900">{token.name}</span>
                  <span>{`${token.start}… · ${scopeLabels(token.scopes)}`}</span>
                  <span>{`Created ${formatMoment(token.createdAt)} · ${token.lastUsedAt ? `Last used ${formatMoment(token.lastUsedAt)}` : 'Never used'}`}</span>
                </div>
                <Button variant="subtle" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
          {revoking && (
            <ConfirmDialog
              title="Revoke this token?"
              description={`Tools using “${revoking.name}” will be refused from now on.`}
              confirmLabel="Revoke"
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
    notify.success('Token created');
  });

  return (
    <CreateForm label="New access token" submit="Create token" pending={create.isPending} onSubmit={onSubmit}>
      <TextField label="Token name" value={values.name} maxLength={50} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} />
      <CheckboxGroup legend="Scopes" options={SCOPE_OPTIONS} value={values.scopes} onChange={(scopes) => set({ scopes })} hint="Choose what the token may do." error={errors.scopes} />
    </CreateForm>
  );
}
