import { ArrowRight, Clock, Lock, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useCurrentUser } from '@/lib/auth';
import { AppLink, useAppNavigation } from '@/lib/navigation';

const PROMISES = [
  { Icon: Clock, text: 'Most issues fixed in 30 minutes' },
  { Icon: ShieldCheck, text: 'Certified engineers, 24/7' },
  { Icon: Lock, text: '256-bit encrypted sessions' },
];

export function Hero() {
  const { user } = useCurrentUser();
  const { openAuthDialog } = useAuthDialog();
  const { navigate } = useAppNavigation();
  const startSession = () => {
    if (!user) openAuthDialog('signup');
    else navigate(user.role === 'user' ? paths.startSession : paths.dashboard);
  };

  return (
    <section aria-labelledby="hero-heading" className="bg-hero relative overflow-hidden text-white">
      <div className="bg-grid">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_0.9fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-cyan-400/30 bg-cyan-400/10 px-3 py-1 text-xs font-semibold text-cyan-200">
              <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
              Emergency help available 24/7
            </p>
            <h1
              id="hero-heading"
              className="mt-5 text-4xl font-extrabold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
            >
              Your computer, fixed remotely in{' '}
              <span className="bg-gradient-to-r from-cyan-300 to-blue-400 bg-clip-text text-transparent">minutes</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
              Slow laptop, virus, crashed software or lost files? Book a ticket, and a certified engineer connects
              securely to your desktop or laptop and fixes it while you watch.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button variant="hero" size="xl" onClick={startSession}>
                Start Remote Session
                <ArrowRight aria-hidden="true" />
              </Button>
              <Button asChild variant="glass" size="xl">
                <AppLink to={paths.howItWorks}>
                  Learn More<span className="sr-only"> about how it works</span>
                </AppLink>
              </Button>
            </div>
            <ul className="mt-10 grid gap-3 text-sm text-slate-300 sm:grid-cols-3">
              {PROMISES.map(({ Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-cyan-300" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <Card variant="tech" className="hidden p-6 font-mono text-sm lg:block" aria-hidden="true">
            <div className="flex gap-1.5">
              <span className="size-3 rounded-full bg-red-400/80" />
              <span className="size-3 rounded-full bg-amber-400/80" />
              <span className="size-3 rounded-full bg-emerald-400/80" />
            </div>
            <div className="mt-5 space-y-2 text-slate-300">
              <p>
                <span className="text-cyan-400">remotefix</span> connect --secure
              </p>
              <p className="text-emerald-400">✓ Encrypted session established (AES-256)</p>
              <p>
                <span className="text-cyan-400">remotefix</span> diagnose
              </p>
              <p>
                Scanning startup items… <span className="text-amber-300">14 found</span>
              </p>
              <p>
                Checking disk health… <span className="text-emerald-400">OK</span>
              </p>
              <p>
                Malware scan… <span className="text-red-300">2 threats removed</span>
              </p>
              <p className="text-emerald-400">✓ Boot time 94s → 21s</p>
              <p>
                <span className="text-cyan-400">remotefix</span> close-ticket --remarks "All fixed"
              </p>
            </div>
          </Card>
        </div>
      </div>
    </section>
  );
}
