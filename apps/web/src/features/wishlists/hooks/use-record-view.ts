import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';
import { useAuth } from '../../auth/hooks/use-auth';
import { wishlistKeys } from '../api/wishlist-keys';

/** Tells the server a signed-in person opened this home ('Recently viewed' on the home page); a visitor's views are not kept. */
export function useRecordView(roomId: string): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    apiRequest('/api/recently-viewed', ignoredResponse, { method: 'POST', json: { roomId } }).then(
      () => queryClient.invalidateQueries({ queryKey: wishlistKeys.recentlyViewed() }),
      // A view that could not be kept changes nothing on the page.
      () => {},
    );
  }, [roomId, signedIn, queryClient]);
}
