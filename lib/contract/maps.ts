import { z } from "zod";
import { Status } from "./kpis";

const G = (n: number) => `0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8${n}`;
const mapExample = {
  id: 1,
  name: "Company balanced scorecard",
  perspectives: [
    {
      guid: G(1),
      name: "Customer",
      objectives: [
        { guid: G(2), name: "Grow revenue", column: 0, kpiGuids: [G(2)], initiativeGuids: [], month: "2026-10-01", score: 1, status: "ON_TRACK" as const },
      ],
    },
  ],
  links: [{ fromGuid: G(3), toGuid: G(2) }],
};

export const MapObjective = z.object({
  guid: z.string().meta({ description: "The KPI node the objective is" }),
  name: z.string(),
  column: z.number().int().meta({ description: "Its place in the perspective's band, from the left (the built-in layout)" }),
  kpiGuids: z.array(z.string()).meta({ description: "The indicators it is measured by: itself, or a container's indicators" }),
  initiativeGuids: z.array(z.string()).meta({ description: "Initiatives of those KPIs marked showOnMap" }),
  month: z
    .string()
    .nullable()
    .meta({ description: "The month (its first day) score and status are of: the latest complete one holding a value in the last 12 (null: none)" }),
  score: z.number().nullable(),
  status: Status,
});

export const StrategyMap = z
  .object({
    id: z.number().int().meta({ description: "The scorecard's ID: Gauge draws one map per scorecard" }),
    name: z.string(),
    perspectives: z
      .array(z.object({ guid: z.string(), name: z.string(), objectives: z.array(MapObjective) }))
      .meta({ description: "The root's child containers, top to bottom, each a horizontal band" }),
    links: z.array(z.object({ fromGuid: z.string(), toGuid: z.string() })).meta({ description: "Cause-and-effect arrows between objectives" }),
  })
  .meta({ id: "StrategyMap", example: mapExample });
export type StrategyMap = z.infer<typeof StrategyMap>;

export const StrategyMapList = z.object({ items: z.array(StrategyMap) }).meta({ id: "StrategyMapList", example: { items: [mapExample] } });

export const MapLinks = z
  .strictObject({
    links: z
      .array(
        z.strictObject({
          fromGuid: z
            .string()
            .uuid()
            .transform((s) => s.toLowerCase()),
          toGuid: z
            .string()
            .uuid()
            .transform((s) => s.toLowerCase()),
        }),
      )
      .max(1000),
  })
  .meta({ id: "MapLinks", description: "The whole list of arrows (replaces the current one)", example: { links: [{ fromGuid: G(3), toGuid: G(2) }] } });
export type MapLinks = z.infer<typeof MapLinks>;
