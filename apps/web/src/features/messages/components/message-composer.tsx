import { messageProblem } from '@staybook/domain/messages';
import { useCallback, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button';
import { RestoredDraftNotice } from '../../drafts/components/draft-notice';
import { LeaveGuard, useLeaveQuestion } from '../../../components/leave-guard';
import { TextAreaField } from '../../../components/fields';
import { useDraft } from '../../drafts/hooks/use-draft';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useSendMessage } from '../api/use-send-message';
import { draftCountNote } from '../utils/draft-count';
import { i18n } from '../../../lib/i18n';

/**
 * Writes to the other party: Enter sends, Shift+Enter starts a new line. The draft is cleared only once the server
 * has the message; a refused or failed send keeps it, with the reason under the field. It is kept in the browser
 * as it is typed, and leaving the page with a message not sent asks first.
 */
export function MessageComposer({ bookingId }: { bookingId: string }) {
  // What is typed is kept per person and stay (features/drafts/hooks/use-draft.ts), so leaving the page or a reload loses nothing.
  const stored = useDraft<string>(`message:${bookingId}`);
  const [draft, setTyped] = useState(() => stored.restored ?? '');
  const [error, setError] = useState<string | undefined>();
  const send = useSendMessage(bookingId);
  const leaving = useLeaveQuestion(draft.trim() !== '');
  const keepStored = stored.keep;
  const setDraft = useCallback(
    (next: string | ((current: string) => string)) =>
      setTyped((current) => {
        const text = typeof next === 'function' ? next(current) : next;
        keepStored(text, text === '');
        return text;
      }),
    [keepStored],
  );

  const submit = () => {
    if (send.isPending) return;
    const problem = messageProblem(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    const sent = draft;
    send.mutate(draft.trim(), {
      // Whatever was typed while it was on its way stays.
      onSuccess: () => setDraft((current) => (current === sent ? '' : current)),
      onError: (failure) => setError(failure instanceof ApiRequestError && failure.fields.body ? failure.fields.body : errorMessage(failure)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing a character picks the character; it sends nothing.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
      <LeaveGuard active={leaving.active} />
      <RestoredDraftNotice draft={stored} onDiscard={() => setDraft('')} />
      <TextAreaField
        label={i18n.t('Message')}
        name="message"
        rows={3}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
        hint={draftCountNote(draft) ?? i18n.t('Enter sends; Shift+Enter starts a new line.')}
        error={error}
      />
      <Button type="submit" className="self-end" pending={send.isPending}>
        {i18n.t('Send')}
      </Button>
    </form>
  );
}
