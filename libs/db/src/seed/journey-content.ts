import type { Priority, TaskCategory, TaskKind } from '../schema/journey.ts';

/**
 * The seeded journey content (DESIGN.md §3): eight stages and their task templates. Ids are the
 * slugs, so the seed is an idempotent upsert and other parts can name a stage or task directly.
 * Editing a title or priority here and restarting updates the rows; ids must never change
 * (client tasks refer to them).
 */
export interface StageContent {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** A lucide-react icon name. */
  icon: string;
  orderIndex: number;
  pointsValue: number;
  estimatedDays: number;
  excludedFromProgress: boolean;
}

export interface TaskContent {
  id: string;
  slug: string;
  stageId: string;
  kind: TaskKind;
  title: string;
  description: string;
  category: TaskCategory;
  estimatedHours: number;
  priority: Priority;
  isOptional: boolean;
  orderIndex: number;
}

export const STAGE_SLUGS = {
  initialAssessment: 'initial-assessment',
  declutter: 'declutter',
  repairsMaintenance: 'repairs-maintenance',
  homeStaging: 'home-staging',
  marketingPhotography: 'marketing-photography',
  readyToShow: 'ready-to-show',
  goLiveAndShow: 'go-live-and-show',
  contractToClosing: 'contract-to-closing',
} as const;
export type StageSlug = (typeof STAGE_SLUGS)[keyof typeof STAGE_SLUGS];

const stage = (
  slug: StageSlug,
  orderIndex: number,
  name: string,
  icon: string,
  estimatedDays: number,
  description: string,
  excludedFromProgress = false,
): StageContent => ({
  id: slug,
  slug,
  name,
  description,
  icon,
  orderIndex,
  pointsValue: 100,
  estimatedDays,
  excludedFromProgress,
});

export const JOURNEY_STAGES: readonly StageContent[] = [
  stage(
    STAGE_SLUGS.initialAssessment,
    1,
    'Initial Assessment',
    'ClipboardCheck',
    3,
    'Walk through every area of your home and note what needs attention before listing.',
  ),
  stage(
    STAGE_SLUGS.declutter,
    2,
    'Declutter',
    'PackageOpen',
    7,
    'Clear out and depersonalize so buyers can picture themselves living in the home.',
  ),
  stage(
    STAGE_SLUGS.repairsMaintenance,
    3,
    'Repairs & Maintenance',
    'Wrench',
    14,
    'Fix the small things, tidy the yard and check the systems a buyer’s inspector will look at.',
  ),
  stage(
    STAGE_SLUGS.homeStaging,
    4,
    'Home Staging',
    'Sofa',
    5,
    'Style each room with colour, texture and accessories so it photographs and shows well.',
  ),
  stage(
    STAGE_SLUGS.marketingPhotography,
    5,
    'Marketing & Photography',
    'Camera',
    7,
    'Tell the story of your home and get professional photos ready for the listing.',
  ),
  stage(
    STAGE_SLUGS.readyToShow,
    6,
    'Ready to Show!!',
    'Sparkles',
    1,
    'A quick checklist to run before every showing; it does not count towards your progress.',
    true,
  ),
  stage(
    STAGE_SLUGS.goLiveAndShow,
    7,
    'Go Live and Show',
    'DoorOpen',
    30,
    'Your home is on the market: keep it show-ready and learn from every showing.',
  ),
  stage(
    STAGE_SLUGS.contractToClosing,
    8,
    'Contract to Closing $$',
    'Handshake',
    45,
    'From accepted offer to closing day: inspection, appraisal, repairs and the move.',
  ),
];

type TaskLine = readonly [
  title: string,
  priority: Priority,
  category: TaskCategory,
  estimatedHours: number,
  description: string,
];

const taskList = (stageId: StageSlug, kind: TaskKind, lines: readonly TaskLine[]): TaskContent[] =>
  lines.map(([title, priority, category, estimatedHours, description], index) => ({
    id: `${stageId}-${index + 1}`,
    slug: `${stageId}-${index + 1}`,
    stageId,
    kind,
    title,
    description,
    category,
    estimatedHours,
    priority,
    isOptional: false,
    orderIndex: index + 1,
  }));

/** The 15 areas of the Initial Assessment checklist (seller spec §3). */
// prettier-ignore
const initialAssessment = taskList(STAGE_SLUGS.initialAssessment, 'checklist', [
  ['Curb Appeal', 'medium', 'inspection', 0.5, 'Look at the home from the street as a buyer would and note anything that detracts from a great first impression.'],
  ['Home exterior', 'medium', 'inspection', 0.5, 'Check siding, trim, windows, roof edges and paint for damage, stains or wear.'],
  ['Backyard', 'medium', 'inspection', 0.5, 'Walk the backyard and note overgrowth, clutter, fencing or deck repairs to make.'],
  ['Garage', 'medium', 'inspection', 0.5, 'Note what must be cleared, stored or repaired so the garage reads as usable space.'],
  ['Entryway', 'medium', 'inspection', 0.5, 'Check the front door, lighting, flooring and storage that greet every visitor.'],
  ['Livingroom', 'medium', 'inspection', 0.5, 'Note furniture layout, clutter, wall marks and lighting in the living room.'],
  ['Kitchen', 'medium', 'inspection', 0.5, 'Inspect counters, cabinets, appliances and fixtures for clutter, wear and needed fixes.'],
  ['Dining room', 'medium', 'inspection', 0.5, 'Check that the dining room is clear, well lit and shows its purpose.'],
  ['Guest bedrooms', 'medium', 'inspection', 0.5, 'Note clutter, personal items and repairs in each guest bedroom.'],
  ['Guest bath', 'medium', 'inspection', 0.5, 'Check grout, caulk, fixtures and storage in the guest bathroom.'],
  ['Master bedroom and bath', 'medium', 'inspection', 0.5, 'Review the primary suite for clutter, personal items and bathroom repairs.'],
  ['Family room', 'medium', 'inspection', 0.5, 'Note toys, electronics and furniture that crowd the family room.'],
  ['Office', 'medium', 'inspection', 0.5, 'Check the office for paper piles, cables and personal items to put away.'],
  ['Exercise room', 'medium', 'inspection', 0.5, 'Note equipment to tidy, store or remove so the room shows its size.'],
  ['Additional rooms or areas', 'medium', 'inspection', 0.5, 'Walk any remaining rooms, attic, basement or storage and note what needs work.'],
]);

/** Declutter: the spec's 8 built-in tasks with their priorities. */
// prettier-ignore
const declutter = taskList(STAGE_SLUGS.declutter, 'predefined', [
  ['Depersonalize the walls', 'medium', 'organizing', 2, 'Take down personal wall hangings, certificates and memorabilia and patch any large holes.'],
  ['Remove personal photos', 'medium', 'organizing', 1, 'Pack away family photos so buyers can imagine their own life in the home.'],
  ['Clear the refrigerator', 'medium', 'organizing', 0.5, 'Remove magnets, notes, calendars and photos from the front and sides of the refrigerator.'],
  ['Take down kids’ art', 'medium', 'organizing', 0.5, 'Collect children’s artwork from walls and doors and store it safely for the move.'],
  ['Spruce up the front entry', 'high', 'cleaning', 2, 'Clean the front door and step, clear shoes and coats, and add a fresh doormat.'],
  ['Clear the kitchen counters', 'high', 'organizing', 1, 'Put away small appliances, mail and utensils so the counters look spacious.'],
  ['Clean out the garage', 'medium', 'organizing', 4, 'Sort, donate and neatly store what is left so the garage shows its full space.'],
  ['Wipe down door jambs and trim', 'low', 'cleaning', 2, 'Wash fingerprints and scuffs off door frames, baseboards and trim throughout the home.'],
]);

/** Repairs & Maintenance: the spec's 9 built-in tasks with their priorities. */
// prettier-ignore
const repairsMaintenance = taskList(STAGE_SLUGS.repairsMaintenance, 'predefined', [
  ['Touch up paint', 'high', 'repair', 4, 'Touch up scuffed or chipped paint on walls, doors and trim in every room.'],
  ['Mow and edge the yard', 'medium', 'maintenance', 2, 'Mow the lawn and edge walkways and beds so the yard looks crisp.'],
  ['Clean flower beds and trim trees', 'medium', 'maintenance', 3, 'Weed and mulch the flower beds and trim trees and shrubs away from the house.'],
  ['Check the downspouts are installed', 'high', 'inspection', 1, 'Make sure every downspout is attached and directs water away from the foundation.'],
  ['Replace furnace filters', 'medium', 'maintenance', 0.5, 'Put in fresh furnace and air-return filters to show the system is cared for.'],
  ['Check electrical receptacles work', 'high', 'inspection', 1, 'Test every outlet with a plug-in tester and note any that need an electrician.'],
  ['Check breaker box screws', 'medium', 'inspection', 0.5, 'Make sure all screws on the breaker panel cover are present and tight.'],
  ['Replace receptacle covers', 'low', 'repair', 1, 'Swap cracked, painted-over or mismatched outlet and switch covers for clean new ones.'],
  ['Deep clean the house or hire a cleaning service', 'high', 'cleaning', 8, 'Give the whole house a top-to-bottom deep clean, or book a professional service to do it.'],
]);

/** Home Staging: the spec's 4 built-in tasks with their priorities. */
// prettier-ignore
const homeStaging = taskList(STAGE_SLUGS.homeStaging, 'predefined', [
  ['Add accents of color', 'high', 'staging', 2, 'Bring in pillows, throws, flowers or art in one or two accent colours per room.'],
  ['Layer texture and pattern', 'medium', 'staging', 2, 'Mix textures and patterns in rugs, fabrics and baskets to make rooms feel warm.'],
  ['Arrange accessories', 'medium', 'staging', 2, 'Group accessories in odd numbers and varied heights, and remove anything that crowds a surface.'],
  ['Add a sense of fun', 'low', 'staging', 1, 'Add one playful, memorable touch that gives the home personality without clutter.'],
]);

/** Marketing & Photography: the spec's 6 built-in tasks with their priorities. */
// prettier-ignore
const marketingPhotography = taskList(STAGE_SLUGS.marketingPhotography, 'predefined', [
  ['Describe your favourite things about the home', 'high', 'organizing', 1, 'Write down what you love most about the home so your agent can use it in the listing.'],
  ['List your favourite local activities', 'high', 'organizing', 1, 'Note the parks, restaurants, schools and events nearby that buyers will want to hear about.'],
  ['Pick a favourite space for each family member', 'medium', 'organizing', 0.5, 'Ask each family member for their favourite spot in the home and why.'],
  ['Schedule the photographer', 'high', 'organizing', 0.5, 'Book the listing photographer with your agent once staging is finished.'],
  ['Provide photos of interest', 'medium', 'staging', 1, 'Share photos of seasonal views, gardens in bloom or features that are hard to capture on shoot day.'],
  ['Review the listing with your agent', 'high', 'inspection', 1, 'Read the draft listing and photos with your agent and correct anything before it goes live.'],
]);

/** Ready to Show!!: the 7-item checklist run before every showing. */
// prettier-ignore
const readyToShow = taskList(STAGE_SLUGS.readyToShow, 'checklist', [
  ['Turn on the lights', 'medium', 'staging', 0.1, 'Switch on every light, including lamps and closets, so the home feels bright.'],
  ['Open the shades', 'medium', 'staging', 0.1, 'Open all blinds and curtains to let in as much natural light as possible.'],
  ['Light a candle or scent pot', 'medium', 'staging', 0.1, 'Add a light, fresh scent so the home smells welcoming.'],
  ['Put toys away', 'medium', 'organizing', 0.1, 'Gather toys from floors and furniture and put them out of sight.'],
  ['Clear personal items in baths and beds', 'medium', 'organizing', 0.1, 'Put away toiletries, clothes and personal items in bathrooms and bedrooms.'],
  ['Pet cleanup', 'medium', 'cleaning', 0.1, 'Pick up pet bowls, beds and toys, clean litter boxes and check the yard.'],
  ['Empty the waste baskets', 'medium', 'cleaning', 0.1, 'Empty every waste basket and take the trash and recycling out.'],
]);

/** Go Live and Show: our own tasks for the weeks on the market. */
// prettier-ignore
const goLiveAndShow = taskList(STAGE_SLUGS.goLiveAndShow, 'standard', [
  ['Approve the listing before it goes live', 'high', 'inspection', 0.5, 'Give your agent the final go-ahead on price, description and photos.'],
  ['Secure valuables and medications', 'high', 'organizing', 1, 'Lock away jewellery, documents, medications and small valuables before the first showing.'],
  ['Plan for pets and family during showings', 'medium', 'organizing', 1, 'Decide where everyone, pets included, will go when a showing is booked at short notice.'],
  ['Prepare for the open house', 'high', 'cleaning', 3, 'Clean, stage and run the Ready to Show!! checklist before the open house starts.'],
  ['Keep a daily tidy routine', 'medium', 'cleaning', 0.5, 'Spend a few minutes each morning resetting the main rooms so any showing is easy.'],
  ['Review showing feedback with your agent', 'medium', 'inspection', 0.5, 'Go over buyer and agent feedback each week and agree on any changes to make.'],
]);

/** Contract to Closing $$: our own tasks from accepted offer to closing day. */
// prettier-ignore
const contractToClosing = taskList(STAGE_SLUGS.contractToClosing, 'standard', [
  ['Review the offer with your agent', 'high', 'inspection', 1, 'Go through price, contingencies and dates with your agent before you accept or counter.'],
  ['Prepare for the buyer’s home inspection', 'high', 'inspection', 2, 'Clear access to the attic, crawl space, panel and furnace, and leave the home for the inspection.'],
  ['Complete the negotiated repairs', 'high', 'repair', 6, 'Finish the repairs agreed after inspection and keep the receipts for the buyer.'],
  ['Give access for the appraisal', 'medium', 'organizing', 1, 'Have the home show-ready for the appraiser and share a list of recent upgrades.'],
  ['Schedule movers and transfer utilities', 'medium', 'organizing', 2, 'Book the movers and set the utility transfer dates for the day after closing.'],
  ['Do a final clean before the walk-through', 'medium', 'cleaning', 4, 'Leave the home empty and clean for the buyer’s final walk-through.'],
  ['Gather keys, remotes and manuals', 'low', 'organizing', 0.5, 'Collect every key, garage remote, code and appliance manual to hand over at closing.'],
]);

export const JOURNEY_TASKS: readonly TaskContent[] = [
  ...initialAssessment,
  ...declutter,
  ...repairsMaintenance,
  ...homeStaging,
  ...marketingPhotography,
  ...readyToShow,
  ...goLiveAndShow,
  ...contractToClosing,
];

export const journeyContent = { stages: JOURNEY_STAGES, tasks: JOURNEY_TASKS } as const;
