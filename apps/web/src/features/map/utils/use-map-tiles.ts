import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { fetchServerInfo } from '../../auth/api/auth-api';
import { serverInfoQuery } from '../../auth/api/auth-queries';
import type { MapTiles } from './basemap';

/**
 * The tile service the server names (`GET /api/config`, cached with the app's other server info), or none: the
 * offline basemap. A map is a help beside the fields and the list, so it is drawn even when that cannot be asked.
 */
export function useMapTiles(): { known: boolean; tiles: MapTiles | undefined } {
  const client = useContext(QueryClientContext);
  const [state, setState] = useState<{ known: boolean; tiles: MapTiles | undefined }>({ known: false, tiles: undefined });
  useEffect(() => {
    let live = true;
    const asked = client ? client.fetchQuery(serverInfoQuery) : fetchServerInfo();
    asked.then(
      (info) => live && setState({ known: true, tiles: info.mapTiles }),
      () => live && setState({ known: true, tiles: undefined }),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}
