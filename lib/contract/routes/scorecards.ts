import { createRoute, z } from "@hono/zod-openapi";
import { DocId } from "../common";
import { DocumentCheck } from "../alerts";
import {
  CreateDocument,
  DeletedDocument,
  DeletedDocumentList,
  DocumentTree,
  Scorecard,
  ScorecardList,
  Sharing,
  UpdateDocument,
  UpdateSharing,
} from "../scorecards";
import { ScorecardFile } from "../scorecard-file";
import { errors, idempotencyHeader, json, jsonBody, needs, readsOnly, secured } from "./helpers";

const docParams = z.object({ docId: DocId });
const tags = ["Scorecards and KPIs"];

export const listScorecards = createRoute({
  operationId: "listScorecards",
  method: "get",
  path: "/api/documents/list",
  tags,
  summary: "List the account's scorecards",
  security: secured,
  responses: { 200: json(ScorecardList, "The account's scorecards"), ...errors() },
});

export const getScorecard = createRoute({
  operationId: "getScorecard",
  method: "get",
  path: "/api/documents/list/{docId}",
  tags,
  summary: "One scorecard",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(Scorecard, "The scorecard"), ...errors(400, 404) },
});

const sharingTags = ["Sharing"];

export const getSharing = createRoute({
  operationId: "getSharing",
  method: "get",
  path: "/api/document/{docId}/sharing",
  tags: sharingTags,
  summary: "Who may read and write a scorecard",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(Sharing, "The scorecard's owner, shares and public link"), ...errors(400, 404) },
});

export const updateSharing = createRoute({
  operationId: "updateSharing",
  method: "put",
  path: "/api/document/{docId}/sharing",
  ...needs("expert"),
  tags: sharingTags,
  summary: "Share a scorecard with users, with the whole account, or at a public read-only link",
  description:
    "Only the owner or an admin may change sharing (others who can read it get 403). Every user named must belong to the account. " +
    "A viewer given write access can still only read: write access needs the expert role.",
  security: secured,
  request: { params: docParams, body: jsonBody(UpdateSharing) },
  responses: { 200: json(Sharing, "The sharing as it is now"), ...errors(400, 403, 404, 415) },
});

const documentTags = ["Documents"];

export const documentTree = createRoute({
  operationId: "documentTree",
  method: "get",
  path: "/api/documents/tree",
  tags: documentTags,
  summary: "The folder tree: one folder (id 0) holding the caller's scorecards, and those shared with it",
  security: secured,
  responses: { 200: json(DocumentTree, "The tree"), ...errors() },
});

export const createDocument = createRoute({
  operationId: "createDocument",
  ...needs("expert"),
  method: "post",
  path: "/api/documents",
  tags: documentTags,
  summary: "Create an empty scorecard owned by the caller",
  description: "The body may be empty (`{}`). `parentGroupId` may only be 0; an alias already in the account is a 409.",
  security: secured,
  request: { headers: idempotencyHeader, body: jsonBody(CreateDocument) },
  responses: { 201: json(Scorecard, "The new scorecard"), ...errors(400, 404, 409, 415, 403) },
});

export const updateDocument = createRoute({
  operationId: "updateDocument",
  ...needs("expert"),
  method: "put",
  path: "/api/documents/list/{docId}",
  tags: documentTags,
  summary: "Rename a scorecard, set its alias, description and icon, or change its sharing",
  description:
    "`name` is required; other fields left out stay. Changing `sharedForPublic` or `sharedForRegRW` is the owner's or an admin's (403 otherwise); " +
    "sharedForRegRW true lets every user of the account write it, false takes the account's access away. An alias in use is a 409.",
  security: secured,
  request: { params: docParams, body: jsonBody(UpdateDocument) },
  responses: { 200: json(Scorecard, "The scorecard as it is now"), ...errors(400, 403, 404, 409, 415) },
});

export const deleteDocument = createRoute({
  operationId: "deleteDocument",
  ...needs("expert"),
  method: "delete",
  path: "/api/documents/list/{docId}",
  tags: documentTags,
  summary: "Delete a scorecard (restorable for 30 days)",
  description: "The owner's or an admin's. It disappears from every route at once, alerts included; POST .../restore brings it back, whole, for 30 days.",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(DeletedDocument, "What was deleted and until when it can be restored"), ...errors(400, 403, 404) },
});

export const listDeletedDocuments = createRoute({
  operationId: "listDeletedDocuments",
  method: "get",
  path: "/api/documents/deleted",
  tags: documentTags,
  summary: "Deleted scorecards the caller may still restore, newest first",
  security: secured,
  responses: { 200: json(DeletedDocumentList, "Restorable scorecards"), ...errors() },
});

export const restoreDocument = createRoute({
  operationId: "restoreDocument",
  ...needs("expert"),
  method: "post",
  path: "/api/documents/list/{docId}/restore",
  tags: documentTags,
  summary: "Bring back a deleted scorecard",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(Scorecard, "The scorecard, back"), ...errors(400, 404, 403) },
});

export const downloadDocument = createRoute({
  operationId: "downloadDocument",
  method: "get",
  path: "/api/document/{docId}/download",
  tags: documentTags,
  summary: "The scorecard as a file, in the format `npm run cli -- import-scorecard` reads",
  description:
    "KPIs with their GUIDs, settings, values, initiatives and map arrows. Importing it gives back the same scorecard (in a database without those GUIDs).",
  security: secured,
  request: { params: docParams },
  responses: {
    200: json(ScorecardFile, 'The scorecard file (README.md: "Scorecard files")'),
    ...errors(400, 404),
  },
});

export const checkDocument = createRoute({
  operationId: "checkDocument",
  ...readsOnly,
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/document-check-requests",
  tags: documentTags,
  summary: "Run the scorecard's alerts now",
  description:
    "No body. Each alert is checked against its KPI's newest value, and each FORECAST_BELOW_TARGET alert against its KPI's projection (as the 15-minute check does); those that fire queue their webhook events, as after a write.",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(DocumentCheck, "What was checked and what fired"), ...errors(400, 404, 403) },
});

export const importDocument = createRoute({
  operationId: "importDocument",
  ...needs("expert"),
  method: "post",
  path: "/api/documents/import",
  tags: documentTags,
  summary: "Create a scorecard from a scorecard file (the format download gives and the CLI reads)",
  description:
    "All or nothing. The caller owns the new scorecard. GUIDs in the file are kept unless the database already has them (a downloaded scorecard imported again becomes a copy with new GUIDs, its formulas and arrows following). " +
    "At most 1 MiB of JSON: import larger histories with the CLI or the batch value calls.",
  security: secured,
  request: { headers: idempotencyHeader, body: jsonBody(ScorecardFile) },
  responses: { 201: json(Scorecard, "The new scorecard"), ...errors(400, 413, 415, 403) },
});
