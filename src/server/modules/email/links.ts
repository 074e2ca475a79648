/**
 * Every address an email links to, built from PUBLIC_URL (DECISIONS.md §7.3). A ticket's link is its
 * own page, /tickets/{id}, which shows each reader what they may see (sign-in first if need be).
 */
export function emailLinks(publicUrl: string) {
  const at = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, `${publicUrl}/`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  };
  return {
    home: at('/'),
    ticket: (ticketId: string) => at(`/tickets/${ticketId}`),
    /** The ticket's page, opened at its rating. */
    rate: (ticketId: string) => at(`/tickets/${ticketId}`, { rate: '1' }),
    adminContacts: at('/admin', { tab: 'contacts' }),
    resetPassword: (token: string) => at('/reset-password', { token }),
    /** The page that asks before turning the emails off (the link in the email's footer). */
    unsubscribePage: (token: string) => at('/unsubscribe', { token }),
    /** The one-click endpoint mail clients POST to (List-Unsubscribe, RFC 8058). */
    unsubscribeOneClick: (token: string) => at('/api/unsubscribe', { token }),
  };
}
