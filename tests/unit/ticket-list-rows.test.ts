import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Ticket, TicketsResponse } from '../../src/shared/contracts/tickets';
import { withTicketRow } from '../../src/web/lib/ticket-list-rows';

// A list's rows, newest first: the ids count down with the times, as the server orders them.
const ticket = (n: number, status: Ticket['status'] = 'pending') =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    status,
  }) as Ticket;

const pages = (rows: number[][], more: boolean): InfiniteData<TicketsResponse> => ({
  pages: rows.map((page, i) => ({
    tickets: page.map((n) => ticket(n)),
    nextCursor: i < rows.length - 1 || more ? `cursor-${i}` : null,
  })),
  pageParams: rows.map((_, i) => (i === 0 ? '' : `cursor-${i - 1}`)),
});

const numbers = (data: InfiniteData<TicketsResponse>) =>
  data.pages.map((p) => p.tickets.map((t) => Number(t.id.slice(-12))));

describe('withTicketRow: a changed ticket put into the loaded pages of a list', () => {
  const loaded = pages(
    [
      [9, 8, 7],
      [6, 5, 4],
    ],
    true,
  );

  it('replaces a loaded ticket where it is, keeping the pages and their cursors', () => {
    const next = withTicketRow(loaded, ticket(5).id, ticket(5, 'in-progress'));
    expect(numbers(next)).toEqual([
      [9, 8, 7],
      [6, 5, 4],
    ]);
    expect(next.pages[1]!.tickets[1]!.status).toBe('in-progress');
    expect(next.pages.map((p) => p.nextCursor)).toEqual(['cursor-0', 'cursor-1']);
    expect(next.pageParams).toBe(loaded.pageParams);
  });

  it('takes out a ticket the list no longer holds', () => {
    expect(numbers(withTicketRow(loaded, ticket(8).id, undefined))).toEqual([
      [9, 7],
      [6, 5, 4],
    ]);
  });

  it('puts a new ticket at the top, and one that now matches the filters in its place', () => {
    expect(numbers(withTicketRow(loaded, ticket(10).id, ticket(10)))).toEqual([
      [10, 9, 8, 7],
      [6, 5, 4],
    ]);
    const gappy = pages(
      [
        [9, 7],
        [5, 3],
      ],
      true,
    );
    expect(numbers(withTicketRow(gappy, ticket(6).id, ticket(6)))).toEqual([
      [9, 7],
      [6, 5, 3],
    ]);
    expect(numbers(withTicketRow(gappy, ticket(8).id, ticket(8)))).toEqual([
      [9, 8, 7],
      [5, 3],
    ]);
  });

  it('leaves a ticket older than every loaded one to Load more, unless the list is all loaded', () => {
    expect(withTicketRow(loaded, ticket(2).id, ticket(2))).toBe(loaded);
    const all = pages(
      [
        [9, 8, 7],
        [6, 5, 4],
      ],
      false,
    );
    expect(numbers(withTicketRow(all, ticket(2).id, ticket(2)))).toEqual([
      [9, 8, 7],
      [6, 5, 4, 2],
    ]);
  });

  it('orders tickets of the same time by id, as the server does', () => {
    const a = { ...ticket(5), id: '00000000-0000-4000-8000-00000000000a' };
    const next = withTicketRow(loaded, a.id, a);
    expect(next.pages[1]!.tickets.map((t) => t.id)).toEqual([ticket(6).id, a.id, ticket(5).id, ticket(4).id]);
  });

  it('answers the same data when the ticket is neither loaded nor in the list', () => {
    expect(withTicketRow(loaded, ticket(2).id, undefined)).toBe(loaded);
  });
});
