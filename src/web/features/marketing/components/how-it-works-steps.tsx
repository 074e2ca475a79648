import { Laptop, MousePointerClick, ShieldCheck, Sparkles } from 'lucide-react';

export const HOW_IT_WORKS = [
  {
    Icon: MousePointerClick,
    title: 'Tell us what is wrong',
    text: 'Create an account, choose the category and issue type, and describe the problem in your own words.',
  },
  {
    Icon: ShieldCheck,
    title: 'Book securely',
    text: 'Pay the fixed booking fee by card or UPI through our payment partner. No card details ever touch our servers.',
  },
  {
    Icon: Laptop,
    title: 'Connect with your engineer',
    text: 'A certified engineer is assigned, contacts you and connects to your computer over an encrypted, 256-bit session you can end at any time.',
  },
  {
    Icon: Sparkles,
    title: 'Watch it get fixed',
    text: 'Most issues are resolved within 30 minutes. The ticket is closed with remarks explaining what was done.',
  },
];

export function HowItWorksSteps() {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {HOW_IT_WORKS.map(({ Icon, title, text }, i) => (
        <li key={title} className="flex flex-col items-center text-center">
          <span className="relative inline-flex size-16 items-center justify-center rounded-2xl bg-navy text-cyan-300 shadow-lg">
            <Icon aria-hidden="true" className="size-7" />
            <span className="absolute -right-2 -top-2 inline-flex size-7 items-center justify-center rounded-full bg-primary text-xs font-bold text-white">
              {i + 1}
            </span>
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ol>
  );
}
