export const STATS = [
  { value: '10,000+', label: 'Customers helped' },
  { value: '15+', label: 'Years of experience' },
  { value: '30 min', label: 'Typical time to fix' },
  { value: '24/7', label: 'Emergency support' },
];

export function Stats() {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {STATS.map((s) => (
        <div key={s.label} className="rounded-xl border bg-white p-6 text-center shadow-card">
          <dt className="text-sm text-muted-foreground">{s.label}</dt>
          <dd className="order-first text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
