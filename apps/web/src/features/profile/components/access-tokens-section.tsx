import { TOKEN_SCOPE_NAMES, TOKEN_SCOPES, type TokenScope } from '@staybook/domain/access';
import { createAccessTokenBodySchema, type AccessToken, type CreatedAccessToken } from '@staybook/domain/access-tokens';
import { formatMoment } from '@staybook/domain/dates';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { ConfirmDialog } from '../../../components/modal';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../api/access-tokens-api';
import { CheckboxGroup, ProfileSection, SecretOnce, useCheckedSubmit } from './profile-section';

const SCOPE_OPTIONS = TOKEN_SCOPE_NAMES.map((scope) => ({ value: scope, label: TOKEN_SCOPES[scope].label }));
const scopeLabels = (scopes: readonly TokenScope[]) => scopes.map((scope) => TOKEN_SCOPES[scope].label).join(', ');

/** Profile's 'Access tokens': named, scoped keys for one's own tools (decision 056); a new one's secret shows once. */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
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
    <ProfileSection
      title="Access tokens"
      description="Let your own tools call StayBook's API for you with Authorization: Bearer. A token reaches only what its scopes allow, never your account's settings."
    >
      <CreateTokenForm onCreated={setCreated} />
      {created && (
        <SecretOnce label="New token" value={created.token} onDone={() => setCreated(null)}>
          {`Copy the token “${created.name}” now: it will not be shown again.`}
        </SecretOnce>
      )}
      {tokens.isError ? (
        <LoadError what="Your access tokens" error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data && tokens.data.items.length === 0 ? (
        <p className="text-sm text-neutral-600">You have no access tokens.</p>
      ) : (
        <ul aria-label="Your access tokens" className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
          {tokens.data?.items.map((token) => (
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
      )}
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
    </ProfileSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const { errors, submit } = useCheckedSubmit(createAccessTokenBodySchema, create.mutate, (token: CreatedAccessToken) => {
    setName('');
    setScopes([]);
    onCreated(token);
    notify.success('Token created');
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({ name, scopes });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New access token" className="flex flex-col gap-2">
      <TextField label="Token name" value={name} maxLength={50} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
      <CheckboxGroup
        legend="Scopes"
        options={SCOPE_OPTIONS}
        value={scopes}
        onChange={setScopes}
        hint="Choose what the token may do."
        error={errors.scopes}
      />
      <div>
        <Button type="submit" pending={create.isPending}>
          Create token
        </Button>
      </div>
    </form>
  );
}
