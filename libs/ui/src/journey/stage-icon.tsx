import {
  Camera,
  ClipboardCheck,
  DoorOpen,
  Handshake,
  ListChecks,
  PackageOpen,
  Sofa,
  Sparkles,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/** The seeded stages name their lucide icon; only these are bundled (not the whole icon set). */
const STAGE_ICONS: Record<string, LucideIcon> = {
  ClipboardCheck,
  PackageOpen,
  Wrench,
  Sofa,
  Camera,
  Sparkles,
  DoorOpen,
  Handshake,
};

/** A journey stage's icon by the name the stage carries (a checklist icon for an unknown name). */
export function StageIcon({ name, className }: { name: string | null; className?: string }) {
  const Icon = (name && STAGE_ICONS[name]) || ListChecks;
  return <Icon aria-hidden="true" className={className} />;
}
