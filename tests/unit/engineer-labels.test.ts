import { describe, expect, it } from 'vitest';
import { engineerLabels } from '../../src/web/features/admin/lib/engineer-labels.js';

const engineer = (id: string, name: string) => ({ id, name, email: `${id}@example.com`, phone: '9876543210' });

describe('the engineer picker labels', () => {
  it('shows the name alone when it is the only engineer so named', () => {
    expect(engineerLabels([engineer('a', 'Asha Rao'), engineer('b', 'Ravi Kumar')]).map((e) => e.label)).toEqual([
      'Asha Rao',
      'Ravi Kumar',
    ]);
  });

  it('adds the email to every engineer who shares a name, whatever its case or spacing', () => {
    const labels = engineerLabels([
      engineer('a', 'Ravi Kumar'),
      engineer('b', 'Asha Rao'),
      engineer('c', 'RAVI KUMAR'),
    ]);
    expect(labels.map((e) => e.label)).toEqual([
      'Ravi Kumar (a@example.com)',
      'Asha Rao',
      'RAVI KUMAR (c@example.com)',
    ]);
    expect(labels.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('labels an empty list as empty', () => {
    expect(engineerLabels([])).toEqual([]);
  });
});
