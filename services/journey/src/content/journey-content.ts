import { asc } from 'drizzle-orm';
import type { TaskTemplate } from '@listready/contracts';
import { journeyStages, tasks, type Db } from '@listready/db';

export interface Stage {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  orderIndex: number;
  pointsValue: number;
  excludedFromProgress: boolean;
}

export interface Template extends TaskTemplate {
  readonly stage: Stage;
}

/**
 * The seeded journey (stages and task templates), read once and kept in memory: it changes only
 * with a deployment (the seed runs before the services start), and every journey call needs it.
 */
export interface JourneyContent {
  /** In journey order. */
  stages: readonly Stage[];
  stagesById: ReadonlyMap<string, Stage>;
  /** In journey order (stage, then template order). */
  templates: readonly Template[];
  templatesById: ReadonlyMap<string, Template>;
  /** Stages that count for progress and the stage rule (all but Ready to Show!!), in order. */
  countedStages: readonly Stage[];
  /** Templates of the counted stages: the "all tasks" of the progress percent. */
  countedTemplateCount: number;
  /**
   * The list-ready point: the counted stages before the first stage that follows an excluded one
   * (Initial Assessment … Marketing & Photography), for the agent's Ready to List.
   */
  preparationStageIds: readonly string[];
}

export class JourneyContentMissingError extends Error {
  readonly code = 'JOURNEY_CONTENT_MISSING';
  constructor() {
    super('The journey content is not seeded (no stages or tasks)');
    this.name = 'JourneyContentMissingError';
  }
}

export function buildJourneyContent(
  stageRows: readonly Stage[],
  templateRows: readonly TaskTemplate[],
): JourneyContent {
  const stages = [...stageRows].sort((a, b) => a.orderIndex - b.orderIndex);
  const stagesById = new Map(stages.map((stage) => [stage.id, stage]));
  const templates: Template[] = [];
  for (const row of templateRows) {
    const stage = stagesById.get(row.stageId);
    if (!stage) continue;
    const template: TaskTemplate = {
      id: row.id,
      slug: row.slug,
      stageId: row.stageId,
      kind: row.kind,
      title: row.title,
      description: row.description,
      category: row.category,
      estimatedHours: row.estimatedHours,
      priority: row.priority,
      isOptional: row.isOptional,
      orderIndex: row.orderIndex,
    };
    templates.push({ ...template, stage });
  }
  templates.sort((a, b) => a.stage.orderIndex - b.stage.orderIndex || a.orderIndex - b.orderIndex);
  const countedStages = stages.filter((stage) => !stage.excludedFromProgress);
  const firstExcluded = stages.find((stage) => stage.excludedFromProgress);
  const preparationStageIds = countedStages
    .filter((stage) => !firstExcluded || stage.orderIndex < firstExcluded.orderIndex)
    .map((stage) => stage.id);
  return {
    stages,
    stagesById,
    templates,
    templatesById: new Map(templates.map((template) => [template.id, template])),
    countedStages,
    countedTemplateCount: templates.filter((template) => !template.stage.excludedFromProgress).length,
    preparationStageIds,
  };
}

export async function readJourneyContent(db: Db): Promise<JourneyContent> {
  const [stageRows, templateRows] = await Promise.all([
    db.select().from(journeyStages).orderBy(asc(journeyStages.orderIndex)),
    db.select().from(tasks).orderBy(asc(tasks.orderIndex)),
  ]);
  if (stageRows.length === 0 || templateRows.length === 0) throw new JourneyContentMissingError();
  return buildJourneyContent(stageRows, templateRows);
}

/** Reads the content on first use and keeps it; a failed read is retried on the next call. */
export function createContentSource(db: Db): () => Promise<JourneyContent> {
  let loading: Promise<JourneyContent> | null = null;
  return () => {
    loading ??= readJourneyContent(db).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
