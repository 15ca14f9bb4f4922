import * as routes from "@/lib/contract/routes/grouped";
import { groupedAllTime, groupedValues } from "../domain/grouped";
import { newRouter } from "../router";

export const groupedRoutes = newRouter()
  .openapi(routes.groupedValue, async (c) => {
    const { guid, ...range } = c.req.valid("param");
    const { items, ...rest } = await groupedValues(c.var, { ...range, guids: [guid] });
    return c.json({ ...rest, item: items[0]! }, 200);
  })
  .openapi(routes.groupedValues, async (c) => c.json(await groupedValues(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200))
  .openapi(routes.groupedValueAllTime, async (c) => {
    const { guid, ...rest } = c.req.valid("param");
    const { items, ...range } = await groupedAllTime(c.var, { ...rest, guids: [guid] });
    return c.json({ ...range, item: items[0]! }, 200);
  })
  .openapi(routes.groupedValuesAllTime, async (c) => c.json(await groupedAllTime(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200));
