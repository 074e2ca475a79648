import type { Db } from '../../db/client.js';
import { services } from '../../db/schema/index.js';
import { countServices } from './queries.js';

/** The catalogue a fresh database starts with; admins edit it from the Services tab. */
export const SEED_CATALOGUE: ReadonlyArray<{ name: string; subServices: readonly string[] }> = [
  {
    name: 'Hardware Diagnostics',
    subServices: [
      'Laptop Not Turning On',
      'Overheating & Fan Noise',
      'Battery & Charging Problems',
      'Keyboard & Touchpad Issues',
      'Display & Screen Problems',
    ],
  },
  {
    name: 'Software Troubleshooting',
    subServices: [
      'Slow Computer Performance',
      'Application Crashes & Errors',
      'Driver Installation & Updates',
      'Microsoft Office & Email Setup',
      'Software Installation',
    ],
  },
  {
    name: 'Virus & Malware Removal',
    subServices: [
      'Virus & Trojan Removal',
      'Ransomware Assistance',
      'Adware & Pop-up Cleanup',
      'Browser Hijack Repair',
      'Security Health Check',
    ],
  },
  {
    name: 'Data Recovery',
    subServices: ['Deleted File Recovery', 'Corrupted Drive Recovery', 'Backup Setup', 'Data Migration to a New PC'],
  },
  {
    name: 'Networking & Wi-Fi',
    subServices: [
      'Wi-Fi Connectivity Issues',
      'Router & Modem Setup',
      'Printer & Scanner Setup',
      'VPN & Remote Access Setup',
    ],
  },
  {
    name: 'OS Installation & Upgrades',
    subServices: [
      'Windows Installation',
      'Windows Update Problems',
      'macOS Troubleshooting',
      'Linux Installation',
      'Blue Screen & Boot Errors',
    ],
  },
];

/** Seeds the catalogue once, on a database that has none (idempotent across restarts and instances). */
export async function seedCatalogue(db: Db): Promise<void> {
  if ((await countServices(db)) > 0) return;
  // now() is fixed inside a transaction: explicit times keep the catalogue in its listed order.
  const base = Date.now();
  let n = 0;
  const at = () => new Date(base + n++);
  await db.transaction(async (tx) => {
    for (const main of SEED_CATALOGUE) {
      const [row] = await tx
        .insert(services)
        .values({ name: main.name, createdAt: at() })
        .onConflictDoNothing()
        .returning({ id: services.id });
      if (!row) continue; // another instance seeded it at the same moment
      await tx.insert(services).values(main.subServices.map((name) => ({ name, parentId: row.id, createdAt: at() })));
    }
  });
}
