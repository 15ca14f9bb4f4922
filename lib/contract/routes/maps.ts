import { createRoute, z } from "@hono/zod-openapi";
import { DocId } from "../common";
import { MapLinks, StrategyMap, StrategyMapList } from "../maps";
import { errors, json, jsonBody, needs, secured } from "./helpers";

const tags = ["Strategy maps"];

export const strategyMaps = createRoute({
  operationId: "strategyMaps",
  method: "get",
  path: "/api/document/{docId}/maps",
  tags,
  summary: "The scorecard's strategy map as data",
  description:
    "One map per scorecard (its `id` is the scorecard's): the root's child containers are the perspectives, their children the objectives, " +
    "with the indicators that measure them, the initiatives marked showOnMap, the score and status of their latest complete month holding a value (as the scorecard page's Month view), and the cause-and-effect arrows.",
  security: secured,
  request: { params: z.object({ docId: DocId }) },
  responses: { 200: json(StrategyMapList, "The maps"), ...errors(400, 404) },
});

export const setMapLinks = createRoute({
  operationId: "setMapLinks",
  ...needs("expert"),
  method: "put",
  path: "/api/document/{docId}/maps/{mapId}/links",
  tags,
  summary: "Replace a map's cause-and-effect arrows",
  description: "Each arrow joins two objectives of the map (400 naming each that does not); repeats are kept once.",
  security: secured,
  request: { params: z.object({ docId: DocId, mapId: DocId }), body: jsonBody(MapLinks) },
  responses: { 200: json(StrategyMap, "The map as it is now"), ...errors(400, 404, 415, 403) },
});
