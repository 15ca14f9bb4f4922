import * as routes from "@/lib/contract/routes/activity";
import { activityCsv, listActivity } from "../domain/activity-log";
import { newRouter } from "../router";

export const activityRoutes = newRouter()
  .openapi(routes.listActivity, async (c) => c.json(await listActivity(c.var, c.req.valid("query")), 200))
  .openapi(routes.exportActivity, async (c) =>
    c.body(await activityCsv(c.var, c.req.valid("query")), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="activity.csv"',
    }),
  );
