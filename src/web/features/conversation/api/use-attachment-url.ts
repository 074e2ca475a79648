import { useEffect, useState } from 'react';
import { tokenStore } from '@/lib/token-store';

type State = { url: string | null; failed: boolean };

/**
 * An object URL for GET /api/attachments/{id}: an <img> or a link cannot send the bearer token, so
 * the bytes are fetched and shown from memory. The URL is revoked on unmount.
 */
export function useAttachmentUrl(id: string): State {
  const [state, setState] = useState<State>({ url: null, failed: false });
  useEffect(() => {
    const stop = new AbortController();
    let url: string | null = null;
    const token = tokenStore.get();
    fetch(`/api/attachments/${id}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: stop.signal,
    })
      .then((res) => {
        if (!res.ok) throw new Error(`GET /api/attachments answered ${res.status}`);
        return res.blob();
      })
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
