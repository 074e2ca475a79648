/** The bench's JSON calls to a running server, and logging in through POST /api/login. */

export async function postJson<T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function getJson<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await postJson<{ token?: string; error?: string }>(`${base}/api/login`, { email, password });
  if (res.status !== 200 || !res.body.token)
    throw new Error(`login of ${email} answered ${res.status}: ${res.body.error ?? ''}`);
  return res.body.token;
}
