import { PASSWORD_MIN_LENGTH } from '@staybook/domain/accounts';
import { TextField, type TextFieldProps } from './fields';
import { i18n } from '../lib/i18n';

// The sign-in, sign-up and password forms' fields: apart from ./fields.tsx, which the home page's search loads before
// it paints, because only lazily loaded pages and dialogs ask for an e-mail address or a password.

/** The person's e-mail address, which the browser may fill in. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'label'>) {
  return <TextField label={i18n.t('Email address')} type="email" autoComplete="email" required {...props} />;
}

/** A password the person types from memory: their current one, unless `autoComplete` says otherwise. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoComplete="current-password" required {...props} />;
}

/** A field for choosing a password: tells the policy and lets password managers offer a new one. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return <PasswordField autoComplete="new-password" hint={i18n.t('At least {count} characters.', { count: PASSWORD_MIN_LENGTH })} {...props} />;
}
