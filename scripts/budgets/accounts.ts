/** The page budgets' data, made through the API: a customer with booked tickets, an engineer with one in progress, a contact request. */
import { ADMIN } from './config.js';

async function api<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface Accounts {
  admin: string;
  customer: string;
  engineer: string;
}

async function bookTicket(base: string, token: string): Promise<string> {
  const { mainServices } = await api<{ mainServices: { id: string }[] }>(base, 'GET', '/api/admin/services/main');
  let draft: { mainServiceId: string; subServiceId: string } | undefined;
  for (const main of mainServices) {
    const { subServices } = await api<{ subServices: { id: string }[] }>(
      base,
      'GET',
      `/api/admin/services/${main.id}/sub`,
    );
    if (subServices[0]) {
      draft = { mainServiceId: main.id, subServiceId: subServices[0].id };
      break;
    }
  }
  if (!draft) throw new Error('the seeded catalogue has no sub-services');
  const order = await api<{ id: string }>(
    base,
    'POST',
    '/order',
    { ...draft, description: 'The laptop shows a blue screen after every update.' },
    token,
  );
  const checkout = await api<Record<string, string>>(
    base,
    'POST',
    `/test-checkout/${order.id}`,
    { outcome: 'success' },
    token,
  );
  const verified = await api<{ ticket?: { id: string } }>(base, 'POST', '/verify', checkout, token);
  if (!verified.ticket) throw new Error('verify answered without a ticket');
  return verified.ticket.id;
}

export async function createAccounts(base: string): Promise<Accounts> {
  const stamp = Date.now();
  const { token: admin } = await api<{ token: string }>(base, 'POST', '/api/login', ADMIN);
  const { token: customer } = await api<{ token: string }>(base, 'POST', '/api/signup', {
    name: 'Priya Sharma',
    email: `priya.${stamp}@example.com`,
    phone: '+91 98765 43210',
    password: 'correct-horse-battery-42',
  });
  const engineerPassword = 'engineer-password-42';
  const { user: engineerUser } = await api<{ user: { id: string; email: string } }>(
    base,
    'POST',
    '/api/admin/users',
    {
      name: 'Arjun Mehta',
      email: `arjun.${stamp}@example.com`,
      phone: '+91 91234 56789',
      password: engineerPassword,
      role: 'engineer',
    },
    admin,
  );
  const { token: engineer } = await api<{ token: string }>(base, 'POST', '/api/login', {
    email: engineerUser.email,
    password: engineerPassword,
  });

  await bookTicket(base, customer); // stays pending, unassigned
  const assigned = await bookTicket(base, customer);
  await api(base, 'PATCH', `/api/admin/tickets/${assigned}/assign`, { engineerId: engineerUser.id }, admin);
  await api(base, 'PATCH', `/api/admin/tickets/${assigned}`, { status: 'in-progress' }, admin);
  // A request from the public form, so the admin's Contact Requests tab has a row.
  const { mainServices } = await api<{ mainServices: { id: string }[] }>(base, 'GET', '/api/admin/services/main');
  for (const main of mainServices) {
    const { subServices } = await api<{ subServices: { id: string }[] }>(
      base,
      'GET',
      `/api/admin/services/${main.id}/sub`,
    );
    if (!subServices[0]) continue;
    await api(base, 'POST', '/api/contact/add', {
      name: 'Ravi Kumar',
      email: `ravi.${stamp}@example.com`,
      phone: '+91 99887 76655',
      computerType: 'Laptop',
      description: 'Wi-Fi keeps dropping.',
      urgency: 'Medium',
      mainServiceId: main.id,
      subServiceId: subServices[0].id,
    });
    break;
  }
  return { admin, customer, engineer };
}
