import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReset, UseFormSubscribe } from 'react-hook-form';
import { AuthContext } from '../../auth/hooks/use-auth';
import { clearDraft, draftKey, readDraft, writeDraft } from '../../../lib/drafts';

export interface Draft<T> {
  /** The draft this form opened with (read once, when it first renders), or null. */
  restored: T | null;
  /** Whether to say 'Draft restored': from the restore until the person discards, saves or types it away. */
  noticeShown: boolean;
  /** Keeps `values` as the draft, or forgets it when they are what the form started with (`pristine`). */
  keep(values: T, pristine: boolean): void;
  /** After a save, or 'Discard': the draft is gone. */
  clear(): void;
}

/**
 * One person's draft of one form (`form` names it; null keeps none), in this browser's storage (lib/drafts.ts).
 * Nobody signed in, nothing is kept. Without an AuthProvider (a component's own test) there is no person either.
 */
export function useDraft<T>(form: string | null): Draft<T> {
  const auth = useContext(AuthContext);
  const key = form ? draftKey(auth?.user?.id, form) : null;
  const [restored] = useState(() => readDraft<T>(key)?.values ?? null);
  const [noticeShown, setNoticeShown] = useState(restored !== null);
  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  }, [key]);

  const keep = useCallback((values: T, pristine: boolean) => {
    if (pristine) {
      clearDraft(keyRef.current);
      setNoticeShown(false);
    } else {
      writeDraft(keyRef.current, values);
    }
  }, []);
  const clear = useCallback(() => {
    clearDraft(keyRef.current);
    setNoticeShown(false);
  }, []);
  return { restored, noticeShown, keep, clear };
}

/**
 * A react-hook-form form's draft: the draft's values put over `initialValues` once (the form stays dirty against
 * them, so leaving still asks), then every change kept, or the draft forgotten when the form is back to them.
 */
export function useFormDraft<V extends FieldValues>(
  form: { reset: UseFormReset<V>; subscribe: UseFormSubscribe<V> },
  name: string | null,
  initialValues: V,
): Draft<V> {
  const draft = useDraft<V>(name);
  const { reset, subscribe } = form;
  const { restored, keep } = draft;
  useEffect(() => {
    if (restored) reset(restored, { keepDefaultValues: true });
  }, [restored, reset]);
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => keep(values, sameValues(values, initialValues)) }),
    [subscribe, keep, initialValues],
  );
  return draft;
}

/** Whether two form values are the same, whatever the order of their keys; an undefined field is an absent one. */
export function sameValues(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
