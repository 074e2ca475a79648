import { BOOKING_FEE_PAISE, formatRupees, IN_PROGRESS_FEE_PAISE, PRODUCT_NAME } from '@shared/product';
import { paths } from '@/config/paths';
import { AppLink } from '@/lib/navigation';
import { LegalContact, LegalPage, LegalSection } from '../components/legal-page';

export default function TermsPage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of Service"
      intro={`The terms on which ${PRODUCT_NAME} repairs your computer or laptop remotely.`}
    >
      <LegalSection title="1. The service">
        <p>
          {PRODUCT_NAME} repairs computers and laptops remotely: you book a support ticket, an administrator assigns a
          certified engineer, and the engineer works on your computer over a secure remote session and closes the ticket
          with remarks on what was done. Some problems cannot be fixed remotely (for example a failed part); the
          engineer will tell you so.
        </p>
      </LegalSection>
      <LegalSection title="2. Your account">
        <p>
          You give your real name, email and phone, keep your password to yourself and are responsible for what is done
          with your account. We may close an account used for abuse or fraud.
        </p>
      </LegalSection>
      <LegalSection title="3. Fees and payment">
        <ul>
          <li>
            A ticket booking fee of {formatRupees(BOOKING_FEE_PAISE)}, paid when you book: the ticket is created once
            the payment is confirmed.
          </li>
          <li>
            An in-progress fee of {formatRupees(IN_PROGRESS_FEE_PAISE)}, paid once your ticket is in progress, to reach
            your engineer and continue.
          </li>
          <li>
            Both fees are fixed, in Indian Rupees, exclusive of applicable taxes, and non-refundable. Complex repairs
            may carry extra charges, always agreed with you before any work starts.
          </li>
          <li>Payments are processed by Razorpay; each paid fee has a receipt you can download.</li>
        </ul>
        <p>
          Refunds and cancellations are set out in our{' '}
          <AppLink to={paths.refundPolicy}>Refund and Cancellation Policy</AppLink>.
        </p>
      </LegalSection>
      <LegalSection title="4. Remote access and your data">
        <p>
          You allow the engineer to connect to your computer for the repair and can end the session at any time. Back up
          your important files before a repair: we take care, but cannot answer for data lost through a fault that was
          already there. How we handle personal data is in our <AppLink to={paths.privacy}>Privacy Policy</AppLink>.
        </p>
      </LegalSection>
      <LegalSection title="5. Liability">
        <p>
          Our liability for a ticket is limited to the fees you paid for it, except where the law does not allow such a
          limit.
        </p>
      </LegalSection>
      <LegalSection title="6. Changes and law">
        <p>
          We may update these terms; the date above says when they last changed, and a ticket is governed by the terms
          in force when it was booked. These terms are governed by the laws of India.
        </p>
        <LegalContact />
      </LegalSection>
    </LegalPage>
  );
}
