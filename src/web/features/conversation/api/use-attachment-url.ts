import { useEffect, useState } from 'react';
import { answer, api } from '@/lib/api-client';

type State = { url: string | null; failed: boolean };

/**
 * An object URL for GET /api/attachments/{id}: an <img> or a link cannot send the bearer token, so
 * the bytes are fetched through the API client (a refused session signs out as on any call) and
 * shown from memory. The URL is revoked on unmount.
 */
export function useAttachmentUrl(id: string): State {
  const [state, setState] = useState<State>({ url: null, failed: false });
  useEffect(() => {
    const stop = new AbortController();
    let url: string | null = null;
    answer(
      api.GET('/api/attachments/{id}', {
        params: { path: { id } },
        headers: { accept: '*/*' },
        parseAs: 'blob',
        signal: stop.signal,
      }),
    )
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => {
        if (!stop.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      stop.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}
