/**
 * Whose a payment order is: the customer who opened it, the only one who may pay it, verify it, read
 * its status or turn it into a ticket. The one rule; the payment calls ask it.
 */
export const ownsOrder = (person: { id: string }, order: { userId: string }) => order.userId === person.id;
