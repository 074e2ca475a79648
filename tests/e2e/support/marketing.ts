// The marketing pages and their headings, for the browser tests of their content
// (marketing-pages.spec.ts) and of how they load (marketing-hydration.spec.ts).
export const PAGES = [
  { path: '/', h1: 'Your computer, fixed remotely in minutes' },
  { path: '/service', h1: 'Everything we fix, remotely' },
  { path: '/how-it-works', h1: 'Expert help without leaving your desk' },
  { path: '/about', h1: 'Repair that comes to you' },
  { path: '/contact', h1: 'Talk to a real engineer' },
] as const;
