import * as routes from "@/lib/contract/routes/public";
import { publicGroupedValues, publicScorecard } from "../domain/sharing";
import { newRouter } from "../router";

// No Token and not counted: a published page costs its account nothing per visitor.
export const publicRoutes = newRouter()
  .openapi(routes.publicScorecard, async (c) => c.json(await publicScorecard(c.var.deps, c.req.valid("param").publicId), 200))
  .openapi(routes.publicGroupedValues, async (c) => {
    const { publicId, ...range } = c.req.valid("param");
    return c.json(await publicGroupedValues(c.var.deps, publicId, range), 200);
  });
