import { button, details, type EmailContent, p, quote } from './blocks.js';

/** To SUPPORT_EMAIL: a visitor sent the public repair request form (reply-to is the visitor). */
export function repairRequestEmail(input: {
  name: string;
  email: string;
  phone: string;
  computerType: string;
  urgency: string;
  service: string;
  description: string;
  url: string;
}): EmailContent {
  return {
    subject: `Repair request (${input.urgency}): ${input.name}, ${input.computerType}`,
    preheader: `${input.service}: ${input.description.slice(0, 100)}`,
    heading: 'New repair request',
    blocks: [
      p(`${input.name} sent a repair request from the website. Reply to this email to answer them.`),
      details([
        ['Name', input.name],
        ['Email', input.email],
        ['Phone', input.phone],
        ['Computer', input.computerType],
        ['Service', input.service],
        ['Urgency', input.urgency],
      ]),
      quote('Problem:', input.description),
      button('Open contact requests', input.url),
    ],
  };
}
