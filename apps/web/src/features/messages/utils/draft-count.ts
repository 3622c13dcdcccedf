import { MESSAGE_COUNT_FROM, MESSAGE_MAX_LENGTH, messageLength } from '@staybook/domain/messages';
import { i18n } from '../../../lib/i18n';

/** What the composer says about the draft's length: nothing until it nears the limit, then what is left or over. */
export function draftCountNote(draft: string): string | undefined {
  const length = messageLength(draft.trim());
  if (length < MESSAGE_COUNT_FROM) return undefined;
  const left = MESSAGE_MAX_LENGTH - length;
  return left >= 0
    ? i18n.t('{count, plural, one {# character} other {# characters}} left', { count: left })
    : i18n.t('{count, plural, one {# character} other {# characters}} too many', { count: -left });
}
