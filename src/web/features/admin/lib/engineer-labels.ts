import type { Engineer } from '@shared/contracts/admin';

/**
 * What the engineer picker shows for each engineer: the name, and the email too when another
 * engineer has the same name, so an admin never has to guess between two "Ravi Kumar"s.
 */
export function engineerLabels(engineers: readonly Engineer[]): (Engineer & { label: string })[] {
  const seen = new Map<string, number>();
  for (const e of engineers) seen.set(nameKey(e.name), (seen.get(nameKey(e.name)) ?? 0) + 1);
  return engineers.map((e) => ({
    ...e,
    label: (seen.get(nameKey(e.name)) ?? 0) > 1 ? `${e.name} (${e.email})` : e.name,
  }));
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase();
