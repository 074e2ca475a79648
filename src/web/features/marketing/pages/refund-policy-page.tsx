import { BOOKING_FEE_PAISE, formatRupees, IN_PROGRESS_FEE_PAISE } from '@shared/product';
import { LegalContact, LegalPage, LegalSection } from '../components/legal-page';

export default function RefundPolicyPage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Refund and Cancellation Policy"
      intro="Our two fees are fixed and non-refundable. Here is what that means, and when we do refund."
    >
      <LegalSection title="1. The fees">
        <ul>
          <li>
            <strong>{formatRupees(BOOKING_FEE_PAISE)} ticket booking fee</strong>, paid when you book a ticket.
          </li>
          <li>
            <strong>{formatRupees(IN_PROGRESS_FEE_PAISE)} in-progress fee</strong>, paid once your ticket is in
            progress, to reach your engineer and continue.
          </li>
          <li>Both are fixed, in Indian Rupees (INR), and exclusive of applicable taxes.</li>
          <li>
            Complex repairs may carry extra charges, depending on the work; they are always agreed with you before any
            work starts, and you may decline them.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="2. Non-refundable">
        <p>
          Both fees are non-refundable: the booking fee pays for reviewing your problem and assigning an engineer, the
          in-progress fee for the engineer&rsquo;s time on your ticket, whatever the outcome of the repair.
        </p>
      </LegalSection>
      <LegalSection title="3. Cancelling">
        <p>
          You may stop at any time: a ticket you do not continue is simply not charged again. Not paying the in-progress
          fee ends the ticket there, with nothing more to pay. A fee already paid is not refunded when you cancel.
        </p>
      </LegalSection>
      <LegalSection title="4. When we do refund">
        <ul>
          <li>A payment taken twice for the same fee: the second payment is refunded in full.</li>
          <li>A payment of a wrong amount that did not pay for anything: it is refunded in full.</li>
        </ul>
        <p>
          We find these ourselves and refund them through Razorpay to the way you paid; banks usually credit a refund
          within 5 to 7 working days. If you think you were charged in error, tell us with your ticket number or receipt
          number.
        </p>
        <LegalContact />
      </LegalSection>
    </LegalPage>
  );
}
