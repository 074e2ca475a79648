import { expect, test, uniqueEmail } from './support/fixtures';
import {
  assignEngineer,
  createEngineer,
  logInAsAdmin,
  readHistory,
  seeCompletedTicket,
  setInProgress,
} from './support/service-loop/admin';
import {
  bookAndPayBookingFee,
  payInProgressFee,
  seeRemarksAndEngineer,
  signUpThroughDialog,
} from './support/service-loop/customer';
import { completeTicket } from './support/service-loop/engineer';
import type { Loop } from './support/service-loop/loop';
import { runId, watchErrors } from './support/staff';

// The whole service loop through the browser only: no API shortcuts. Three people, three
// separate browser contexts (separate local storage, so separate sessions). Each person's
// screens are in support/service-loop/.

test('a ticket goes from booking to completion through the customer, admin and engineer screens', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = runId();
  const customer = {
    name: `Anita Desai ${run}`,
    email: uniqueEmail('loop-customer'),
    phone: '+91 98111 22334',
    password: 'customer-password-1',
  };
  const engineer = {
    name: `Vikram Rao ${run}`,
    email: uniqueEmail('loop-engineer'),
    phone: '+91 97222 33445',
    password: 'engineer-password-1',
  };
  const description = `Laptop stays dark after the power button (${run}).`;
  const remarks = `Reseated the RAM and replaced the CMOS battery; boots fine now (${run}).`;

  const problems: string[] = [];
  const adminContext = await browser.newContext();
  const engineerContext = await browser.newContext();
  watchErrors(adminContext, problems);
  watchErrors(engineerContext, problems);
  const adminPage = await adminContext.newPage();
  const engineerPage = await engineerContext.newPage();
  const loop: Loop = { customer, engineer, description, remarks, customerPage: page, adminPage, engineerPage };

  await test.step('the customer signs up through the dialog', () => signUpThroughDialog(loop));
  await test.step('the customer books a ticket and pays the ₹99 booking fee', () => bookAndPayBookingFee(loop));
  await test.step('the admin logs in and lands on /admin with the admin header', () => logInAsAdmin(loop));
  await test.step('the admin creates the engineer under All Users', () => createEngineer(loop));
  await test.step('the admin assigns the engineer on All Tickets', () => assignEngineer(loop));
  await test.step('the admin sets the ticket in progress', () => setInProgress(loop));
  await test.step('the customer pays ₹299 to continue and sees the engineer', () => payInProgressFee(loop));
  await test.step('the engineer logs in, sees the ticket and the customer, and completes it', () =>
    completeTicket(loop));
  await test.step('the customer sees the remarks and the engineer', () => seeRemarksAndEngineer(loop));
  await test.step('the admin sees the completed ticket, with no status controls', () => seeCompletedTicket(loop));
  await test.step("the admin reads the ticket's history", () => readHistory(loop));

  await adminContext.close();
  await engineerContext.close();
  expect(problems, 'the admin or engineer page logged console errors or threw').toEqual([]);
});
