import "server-only";
import { Hono, type Context } from "hono";
import type { Deps } from "../context";
import { scimBaseUrl, scimTokenOwner } from "../domain/scim-tokens";
import { fieldsOfPatch, fieldsOfResource, LIST_SCHEMA, ScimError, userResource } from "./resource";
import { changeUser, createUser, deleteUser, findUsers, getUser, type ScimOwner } from "./users";
import { depsForRequest } from "../public-origin";

// SCIM 2.0 (RFC 7643, 7644) for identity providers: Users and ServiceProviderConfig, with a
// bearer token an admin creates. A small Hono app of its own: SCIM's shapes and errors are not the API's.

type ScimEnv = { Variables: { owner: ScimOwner; base: string } };
const SCIM_JSON = "application/scim+json; charset=utf-8";
const MAX_COUNT = 200;

// A created resource's answer says where it lives (RFC 7644 3.3), as its meta.location does.
const answer = (c: Context<ScimEnv>, body: unknown, status: 200 | 201 = 200) =>
  c.body(JSON.stringify(body), status, {
    "Content-Type": SCIM_JSON,
    "Cache-Control": "no-store",
    ...(status === 201 ? { Location: (body as { meta: { location: string } }).meta.location } : {}),
  });

async function bodyOf(c: Context<ScimEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > 256 * 1024) throw new ScimError(400, "The body is larger than 256 KiB", "invalidSyntax");
  try {
    return JSON.parse(text);
  } catch {
    throw new ScimError(400, "The body is not JSON", "invalidSyntax");
  }
}

const positive = (text: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = text === undefined ? fallback : Number(text);
  return Number.isInteger(n) ? Math.min(Math.max(n, 0), max) : fallback;
};

export function createScimApp(deps: Deps) {
  const app = new Hono<ScimEnv>().basePath("/scim/v2");

  app.onError((error, c) => {
    const scim = error instanceof ScimError ? error : new ScimError(500, "Internal error");
    if (!(error instanceof ScimError)) console.error("[scim]", error);
    return c.body(JSON.stringify(scim.body()), scim.status, {
      "Content-Type": SCIM_JSON,
      ...(scim.status === 401 ? { "WWW-Authenticate": 'Bearer realm="Gauge SCIM"' } : {}),
    });
  });
  app.notFound(() => {
    throw new ScimError(404, "No such SCIM endpoint: Users and ServiceProviderConfig are served");
  });

  app.use("*", async (c, next) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    const owner = bearer ? await scimTokenOwner(deps, bearer) : null;
    if (!owner) throw new ScimError(401, "A valid SCIM bearer token is needed: an admin creates one on the Security page");
    c.set("owner", owner);
    c.set("base", scimBaseUrl(depsForRequest(deps, (name) => c.req.header(name))));
    await next();
  });

  app.get("/ServiceProviderConfig", (c) => {
    const base = c.var.base;
    return answer(c, {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      documentationUri: `${base.replace(/\/scim\/v2$/, "")}/rest/docs`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_COUNT },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        { type: "oauthbearertoken", name: "Bearer token", description: "A SCIM token created by an admin of the account", primary: true },
      ],
      meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
    });
  });

  app.get("/Users", async (c) => {
    const startIndex = Math.max(1, positive(c.req.query("startIndex"), 1));
    const count = positive(c.req.query("count"), 100, MAX_COUNT);
    const { total, rows } = await findUsers(deps, c.var.owner, c.req.query("filter"), startIndex, count);
    return answer(c, {
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex,
      itemsPerPage: rows.length,
      Resources: rows.map((r) => userResource(r, c.var.base)),
    });
  });
  app.get("/Users/:id", async (c) => answer(c, userResource(await getUser(deps, c.var.owner, c.req.param("id")), c.var.base)));
  app.post("/Users", async (c) => answer(c, userResource(await createUser(deps, c.var.owner, fieldsOfResource(await bodyOf(c))), c.var.base), 201));
  app.put("/Users/:id", async (c) =>
    answer(c, userResource(await changeUser(deps, c.var.owner, c.req.param("id"), fieldsOfResource(await bodyOf(c))), c.var.base)),
  );
  app.patch("/Users/:id", async (c) =>
    answer(c, userResource(await changeUser(deps, c.var.owner, c.req.param("id"), fieldsOfPatch(await bodyOf(c))), c.var.base)),
  );
  app.delete("/Users/:id", async (c) => {
    await deleteUser(deps, c.var.owner, c.req.param("id"));
    return c.body(null, 204);
  });
  return app;
}
