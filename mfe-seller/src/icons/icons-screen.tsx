import {
  Archive,
  ArrowLeft,
  Bath,
  BedDouble,
  Briefcase,
  CalendarCheck,
  Camera,
  CookingPot,
  DoorOpen,
  Dumbbell,
  Fence,
  Flower2,
  Hammer,
  Handshake,
  House,
  Image,
  KeyRound,
  Lamp,
  Megaphone,
  PackageOpen,
  Paintbrush,
  Sofa,
  Trash2,
  Trees,
  UtensilsCrossed,
  Warehouse,
  Wrench,
  Armchair,
  type LucideIcon,
} from 'lucide-react';
import { AppLink } from '@listready/web-client';
import { Button, Card } from '@listready/ui';

interface IconSample {
  name: string;
  Icon: LucideIcon;
}

/** The Initial Assessment's area icons. */
export const ASSESSMENT_ICONS: readonly IconSample[] = [
  { name: 'Curb Appeal', Icon: Trees },
  { name: 'Home Exterior', Icon: House },
  { name: 'Backyard', Icon: Fence },
  { name: 'Garage', Icon: Warehouse },
  { name: 'Entryway', Icon: DoorOpen },
  { name: 'Living Room', Icon: Sofa },
  { name: 'Kitchen', Icon: CookingPot },
  { name: 'Dining Room', Icon: UtensilsCrossed },
  { name: 'Bedrooms', Icon: BedDouble },
  { name: 'Bathrooms', Icon: Bath },
  { name: 'Office', Icon: Briefcase },
  { name: 'Exercise Room', Icon: Dumbbell },
];

/** The stage icons, in the spec's six groups. */
export const STAGE_ICON_GROUPS: readonly { group: string; icons: readonly IconSample[] }[] = [
  {
    group: 'Decluttering',
    icons: [
      { name: 'Pack Up', Icon: PackageOpen },
      { name: 'Discard', Icon: Trash2 },
      { name: 'Store', Icon: Archive },
    ],
  },
  {
    group: 'Repairs',
    icons: [
      { name: 'Fix', Icon: Wrench },
      { name: 'Build', Icon: Hammer },
      { name: 'Paint', Icon: Paintbrush },
    ],
  },
  {
    group: 'Staging',
    icons: [
      { name: 'Furniture', Icon: Armchair },
      { name: 'Lighting', Icon: Lamp },
      { name: 'Accents', Icon: Flower2 },
    ],
  },
  {
    group: 'Marketing',
    icons: [
      { name: 'Photography', Icon: Camera },
      { name: 'Promotion', Icon: Megaphone },
      { name: 'Listing Photos', Icon: Image },
    ],
  },
  {
    group: 'Go Live',
    icons: [
      { name: 'Open House', Icon: DoorOpen },
      { name: 'Showings', Icon: CalendarCheck },
    ],
  },
  {
    group: 'Closing',
    icons: [
      { name: 'Contract', Icon: Handshake },
      { name: 'Keys', Icon: KeyRound },
    ],
  },
];

const iconCount =
  ASSESSMENT_ICONS.length + STAGE_ICON_GROUPS.reduce((total, group) => total + group.icons.length, 0);

function IconGrid({ icons }: { icons: readonly IconSample[] }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
      {icons.map(({ name, Icon }) => (
        <li
          key={name}
          className="flex flex-col items-center gap-2 rounded-lg border border-surface-border p-3 text-center text-xs"
          data-testid="icon-sample"
        >
          <Icon aria-hidden="true" className="size-6 text-brand-soft" />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** /icons: the icon preview (spec seller §2). */
export function IconsScreen() {
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <AppLink href="/">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </AppLink>
        </Button>
        <h1 className="text-3xl font-bold tracking-tight">Icons</h1>
        <span className="rounded-full bg-brand px-3 py-1 text-xs font-medium text-brand-foreground">
          {iconCount} icons
        </span>
      </div>
      <Card className="p-5">
        <h2 className="mb-3 text-lg font-semibold">Assessment icons</h2>
        <IconGrid icons={ASSESSMENT_ICONS} />
      </Card>
      <Card className="space-y-5 p-5">
        <h2 className="text-lg font-semibold">Stage icons</h2>
        {STAGE_ICON_GROUPS.map(({ group, icons }) => (
          <section key={group} aria-label={group}>
            <h3 className="mb-2 font-medium">{group}</h3>
            <IconGrid icons={icons} />
          </section>
        ))}
      </Card>
    </section>
  );
}
