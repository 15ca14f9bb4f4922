import * as routes from "@/lib/contract/routes/notes";
import { createNote, deleteNote, getNotificationSettings, listNotes, updateNotificationSettings } from "../domain/notes";
import { newRouter } from "../router";

export const noteRoutes = newRouter()
  .openapi(routes.listNotes, async (c) => c.json({ items: await listNotes(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }) }, 200))
  .openapi(routes.createNote, async (c) => c.json(await createNote(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 201))
  .openapi(routes.deleteNote, async (c) => (await deleteNote(c.var, c.req.valid("param")), c.body(null, 204)))
  .openapi(routes.notificationSettings, async (c) => c.json(await getNotificationSettings(c.var), 200))
  .openapi(routes.updateNotificationSettings, async (c) => c.json(await updateNotificationSettings(c.var, c.req.valid("json")), 200));
