import { Bug, Cpu, DatabaseBackup, HardDrive, MonitorCog, Wifi, Wrench } from 'lucide-react';

const ICONS = [
  { match: /hardware|diagnos/i, Icon: Cpu },
  { match: /software|troubleshoot/i, Icon: MonitorCog },
  { match: /virus|malware|security/i, Icon: Bug },
  { match: /data|recovery|backup/i, Icon: DatabaseBackup },
  { match: /network|wi-?fi|router/i, Icon: Wifi },
  { match: /\bos\b|install|upgrade|windows|mac/i, Icon: HardDrive },
];

/** An icon for a catalogue entry, chosen by its name (the catalogue is editable, so nothing is hard-wired). */
export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS.find((i) => i.match.test(name))?.Icon ?? Wrench;
  return <Icon aria-hidden="true" className={className} />;
}

const BLURBS: Array<[RegExp, string]> = [
  [/hardware|diagnos/i, 'Pinpoint failing parts, overheating, battery and display faults before they cost you more.'],
  [/software|troubleshoot/i, 'Crashes, freezes, slow start-ups and stubborn apps fixed while you watch.'],
  [/virus|malware/i, 'Deep clean of viruses, ransomware and adware, then a hardened, protected system.'],
  [/data|recovery/i, 'Recover deleted files and failing drives, and set up backups that actually run.'],
  [/network|wi-?fi/i, 'Wi-Fi drops, routers, printers and VPNs configured and working together.'],
  [/\bos\b|install|upgrade/i, 'Clean installs, upgrades and boot errors on Windows, macOS and Linux.'],
];

export const serviceBlurb = (name: string) =>
  BLURBS.find(([re]) => re.test(name))?.[1] ??
  'Expert remote help from certified engineers, usually within 30 minutes.';
