import { PRODUCT_NAME } from '@shared/product';
import { LegalContact, LegalPage, LegalSection } from '../components/legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy Policy"
      intro={`What ${PRODUCT_NAME} collects when you use it, why, who sees it and what you can ask of us.`}
    >
      <LegalSection title="1. What we collect">
        <ul>
          <li>
            <strong>Your account</strong>: your name, email address, phone number and password (kept only as a one-way
            hash), or your name and email from Google if you sign in with Google.
          </li>
          <li>
            <strong>Your tickets</strong>: the service you choose, your description of the problem, the messages and
            files you exchange with your engineer, and each ticket&rsquo;s history.
          </li>
          <li>
            <strong>Repair requests</strong> sent from our website without an account: your name, phone, email and what
            you tell us about the problem.
          </li>
          <li>
            <strong>Payments</strong>: the amount, status and reference of each payment and its receipt. Card, UPI and
            bank details are entered with our payment partner, Razorpay, and never reach our servers.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="2. Why we use it">
        <p>
          To book and carry out your repair, take the fees, issue receipts, send you notices about your tickets by
          email, call you back when you ask us to, prevent abuse (for example by limiting repeated sign-in attempts) and
          meet our legal and tax obligations. We do not sell your data or use it for advertising.
        </p>
      </LegalSection>
      <LegalSection title="3. Who sees it">
        <ul>
          <li>Our administrators, who run the service and assign engineers.</li>
          <li>
            The engineer assigned to your ticket, who sees your name, email and phone to contact you; you see the
            engineer&rsquo;s email and phone once the in-progress fee is paid.
          </li>
          <li>Razorpay, to process payments, and our email provider, to deliver our emails.</li>
          <li>Authorities, only where the law requires it.</li>
        </ul>
      </LegalSection>
      <LegalSection title="4. Remote sessions">
        <p>
          An engineer connects to your computer only with your consent, over an encrypted session you can end at any
          time. Engineers look only at what the repair needs.
        </p>
      </LegalSection>
      <LegalSection title="5. Storage and retention">
        <p>
          Your data is kept on our servers for as long as your account is open and afterwards as long as tax and
          accounting law requires for payments and receipts. Your browser keeps a sign-in token in its local storage
          until you log out; we use no advertising or tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="6. Your rights">
        <p>
          You may ask for a copy of your data, ask us to correct it, or ask us to close your account and delete what the
          law does not require us to keep.
        </p>
        <LegalContact />
      </LegalSection>
    </LegalPage>
  );
}
