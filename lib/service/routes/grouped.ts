import type { GroupedValue, GroupedValues } from "@/lib/contract/grouped";
import * as routes from "@/lib/contract/routes/grouped";
import { asAnswer } from "../json-body";
import { groupedAllTimeAnswer, groupedAnswer } from "../domain/grouped";
import { newRouter } from "../router";

export const groupedRoutes = newRouter()
  .openapi(routes.groupedValue, async (c) => {
    const { guid, ...range } = c.req.valid("param");
    return c.json(asAnswer<GroupedValue>(await groupedAnswer(c.var, { ...range, guids: [guid], one: true })), 200);
  })
  .openapi(routes.groupedValues, async (c) =>
    c.json(asAnswer<GroupedValues>(await groupedAnswer(c.var, { ...c.req.valid("param"), ...c.req.valid("query") })), 200),
  )
  .openapi(routes.groupedValueAllTime, async (c) => {
    const { guid, ...rest } = c.req.valid("param");
    return c.json(asAnswer<GroupedValue>(await groupedAllTimeAnswer(c.var, { ...rest, guids: [guid], one: true })), 200);
  })
  .openapi(routes.groupedValuesAllTime, async (c) =>
    c.json(asAnswer<GroupedValues>(await groupedAllTimeAnswer(c.var, { ...c.req.valid("param"), ...c.req.valid("query") })), 200),
  );
