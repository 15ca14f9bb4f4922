// Whole API objects for tests of code that consumes them (the grid, charts): defaults for every
// field, so a test names only what it is about.
import type { Point } from "@/lib/contract/grouped";
import { SCORING_DEFAULTS, type KpiNode } from "@/lib/contract/kpis";

export const kpiNode = (guid: string, name: string, extra: Partial<KpiNode> = {}): KpiNode => ({
  guid,
  name,
  description: "",
  parentGuid: null,
  indicatorType: "INDICATOR",
  measure: "USD",
  measureNames: ["USD"],
  updateInterval: "MONTH",
  acceptValueData: true,
  grouping: "AVERAGE",
  inheritance: false,
  optimization: "MAXIMIZE",
  formula: null,
  weight: 1,
  min: null,
  max: null,
  target: null,
  baseline: null,
  thresholds: { onTrack: SCORING_DEFAULTS.onTrack, atRisk: SCORING_DEFAULTS.atRisk },
  scoreCap: SCORING_DEFAULTS.cap,
  ownerId: null,
  noteRequiredOffTrack: false,
  validMin: null,
  validMax: null,
  initiatives: [],
  children: [],
  ...extra,
});

export const groupedPoint = (start: string, value: number | null, source: Point["source"], extra: Partial<Point> = {}): Point => ({
  start,
  end: start,
  value,
  target: null,
  baseline: null,
  min: null,
  max: null,
  performance: null,
  progress: null,
  score: null,
  status: "NONE",
  complete: true,
  source,
  ...extra,
});
