import * as routes from "@/lib/contract/routes/grouped";
import { groupedValues } from "../domain/grouped";
import { newRouter } from "../router";

export const groupedRoutes = newRouter()
  .openapi(routes.groupedValue, async (c) => {
    const { guid, ...range } = c.req.valid("param");
    const { items, ...rest } = await groupedValues(c.var, { ...range, guids: [guid] });
    return c.json({ ...rest, item: items[0]! }, 200);
  })
  .openapi(routes.groupedValues, async (c) => c.json(await groupedValues(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200));
