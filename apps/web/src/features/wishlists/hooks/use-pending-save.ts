import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../auth/hooks/use-auth';
import { takePendingSave } from '../api/pending-save';

/** Once the person is signed in, saves the home a heart was pressed for before they logged in (api/pending-save.ts). */
export function usePendingSave(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const roomId = takePendingSave();
    if (!roomId) return;
    void import('../components/heart-actions').then(({ saveQuickly }) => saveQuickly(roomId, queryClient));
  }, [signedIn, queryClient]);
}
