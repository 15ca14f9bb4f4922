import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid } from "../common";
import { CreateNote, Note, NoteList, NoteQuery, NotificationSettings, UpdateNotificationSettings } from "../notes";
import { errors, json, jsonBody, needs, secured } from "./helpers";

const tags = ["Notes and notifications"];
const docParams = z.object({ docId: DocId });
const noteId = z
  .string()
  .regex(/^\d{1,12}$/, "Invalid note id")
  .transform(Number);

export const listNotes = createRoute({
  operationId: "listNotes",
  method: "get",
  path: "/api/document/{docId}/notes",
  tags,
  security: secured,
  summary: "The scorecard's notes, optionally of one KPI and within dates",
  description: "`from` and `to` bound the notes' period dates (inclusive).",
  request: { params: docParams, query: NoteQuery },
  responses: { 200: json(NoteList, "The notes"), ...errors(400, 404) },
});
export const createNote = createRoute({
  operationId: "createNote",
  method: "post",
  path: "/api/document/{docId}/kpi/{guid}/notes",
  tags,
  security: secured,
  summary: "Say why a KPI's number moved in a period",
  description: "Anyone who may read the scorecard may write notes (viewers too: notes are discussion, not data).",
  request: { params: docParams.extend({ guid: Guid }), body: jsonBody(CreateNote) },
  responses: { 201: json(Note, "Written"), ...errors(400, 404, 415) },
});
export const deleteNote = createRoute({
  operationId: "deleteNote",
  method: "delete",
  path: "/api/document/{docId}/notes/{id}",
  tags,
  security: secured,
  summary: "Delete a note (its author's, or an admin's)",
  request: { params: docParams.extend({ id: noteId }) },
  responses: { 204: { description: "Deleted" }, ...errors(400, 403, 404) },
});
export const notificationSettings = createRoute({
  operationId: "notificationSettings",
  method: "get",
  path: "/api/notification-settings",
  tags,
  security: secured,
  summary: "Whether e-mail can be sent, and the account's reminder settings",
  responses: { 200: json(NotificationSettings, "The settings"), ...errors() },
});
export const updateNotificationSettings = createRoute({
  operationId: "updateNotificationSettings",
  ...needs("admin"),
  method: "patch",
  path: "/api/notification-settings",
  tags,
  security: secured,
  summary: "Change the account's reminder settings",
  request: { body: jsonBody(UpdateNotificationSettings) },
  responses: { 200: json(NotificationSettings, "The settings"), ...errors(400, 415, 403) },
});
