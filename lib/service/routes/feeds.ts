import * as routes from "@/lib/contract/routes/feeds";
import { notFound } from "../errors";
import { accessTo } from "../domain/scorecards";
import { spendOrRefuse } from "../domain/call-limit";
import { createFeed, feedByToken, feedCsv, listFeeds, revokeFeed } from "../domain/feeds";
import { newRouter } from "../router";

export const feedRoutes = newRouter()
  .openapi(routes.createFeed, async (c) => c.json(await createFeed(c.var, c.req.valid("param")), 201))
  .openapi(routes.listFeeds, async (c) => c.json({ items: await listFeeds(c.var) }, 200))
  .openapi(routes.revokeFeed, async (c) => {
    await revokeFeed(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.readFeed, async (c) => {
    const { deps } = c.var;
    const feed = await feedByToken(deps, c.req.valid("param").token);
    if (!feed) throw notFound("Spreadsheet link");
    // A link whose creator lost access is 404 and costs nothing; the call is spent before the answer is computed.
    if ((await accessTo(feed.ctx, feed.docId)) === null) throw notFound("Spreadsheet link");
    const headers = await spendOrRefuse(deps, feed.ctx.caller.accountId, `feed:${feed.feedId}`);
    const csv = await feedCsv(feed.ctx, feed.docId, c.req.valid("query"));
    return c.body(csv, 200, { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'inline; filename="scorecard.csv"' });
  });
