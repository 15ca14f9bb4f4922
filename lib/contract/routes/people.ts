import { createRoute, z } from "@hono/zod-openapi";
import { LoginResponse } from "../auth";
import { ErrorBody } from "../common";
import {
  AcceptInvitationRequest,
  ChangePasswordRequest,
  CreatedInvitation,
  CreateInvitationRequest,
  InvitationDetails,
  InvitationList,
  InvitationLookup,
  SetupRequest,
  SetupStatus,
  UpdateUserRequest,
  User,
  UserList,
} from "../people";
import { Preferences } from "../preferences";
import { errors, json, jsonBody, needs, noToken, personOnly, secured } from "./helpers";

const tags = ["People"];
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, "Invalid id")
    .transform(Number),
});

export const listUsers = createRoute({
  operationId: "listUsers",
  method: "get",
  path: "/api/users",
  ...needs("expert"),
  tags,
  summary: "The account's users, deactivated ones included (experts read it to share scorecards)",
  security: secured,
  responses: { 200: json(UserList, "Every user of the account"), ...errors(403) },
});

export const updateUser = createRoute({
  operationId: "updateUser",
  method: "patch",
  path: "/api/users/{id}",
  ...needs("admin"),
  tags,
  summary: "Change a user's role, deactivate or reactivate it",
  description: "Deactivation revokes nothing but refuses every token of the user from the next call on. An account keeps at least one active admin (409).",
  security: secured,
  request: { params: idParams, body: jsonBody(UpdateUserRequest) },
  responses: { 200: json(User, "The user as it is now"), ...errors(400, 403, 404, 409, 415) },
});

export const listInvitations = createRoute({
  operationId: "listInvitations",
  method: "get",
  path: "/api/invitations",
  ...needs("admin"),
  tags,
  summary: "Pending invitations",
  security: secured,
  responses: { 200: json(InvitationList, "Invitations still open"), ...errors(403) },
});

export const createInvitation = createRoute({
  operationId: "createInvitation",
  method: "post",
  path: "/api/invitations",
  ...needs("admin"),
  tags,
  summary: "Invite a person by e-mail and role (the link is shown only in this response, valid 7 days, single use)",
  description: "A newer invitation to the same e-mail replaces an open one. 409 when the e-mail already belongs to a user.",
  security: secured,
  request: { body: jsonBody(CreateInvitationRequest) },
  responses: { 201: json(CreatedInvitation, "Created; hand the token or the /join link to the person"), ...errors(400, 403, 409, 415) },
});

export const revokeInvitation = createRoute({
  operationId: "revokeInvitation",
  method: "delete",
  path: "/api/invitations/{id}",
  ...needs("admin"),
  tags,
  summary: "Withdraw an open invitation",
  security: secured,
  request: { params: idParams },
  responses: { 204: { description: "Withdrawn" }, ...errors(400, 403, 404) },
});

export const lookupInvitation = createRoute({
  operationId: "lookupInvitation",
  method: "post",
  path: "/invitations/lookup",
  tags,
  summary: "What an invitation is for: the account, the e-mail and the role (no Token, not counted)",
  description:
    "The join page shows it before the person chooses a password. The token goes in the body, not the address, so it stays out of logs. An unknown, used, withdrawn or expired invitation gets 404.",
  security: noToken,
  request: { body: jsonBody(InvitationLookup) },
  responses: {
    200: json(InvitationDetails, "The open invitation"),
    400: json(ErrorBody, "Malformed body"),
    404: json(ErrorBody, "No such open invitation"),
  },
});

export const acceptInvitation = createRoute({
  operationId: "acceptInvitation",
  method: "post",
  path: "/invitations/accept",
  tags,
  summary: "Join an account: set a password with an invitation's token, and log in",
  security: noToken,
  description: "No Token header. Succeeds with the login's answer (the new session token); an unknown, used, withdrawn or expired invitation gets 404.",
  request: { body: jsonBody(AcceptInvitationRequest) },
  responses: {
    200: json(LoginResponse, "Joined and logged in"),
    400: json(ErrorBody, "Malformed body or too short a password"),
    404: json(ErrorBody, "No such open invitation"),
    409: json(ErrorBody, "The e-mail already belongs to a user"),
  },
});

export const changePassword = createRoute({
  operationId: "changePassword",
  ...personOnly,
  method: "post",
  path: "/api/me/password",
  tags,
  summary: "Change the caller's own password",
  security: secured,
  request: { body: jsonBody(ChangePasswordRequest) },
  responses: { 204: { description: "Changed; the user's other sessions are signed out" }, ...errors(400, 403, 415) },
});

export const getPreferences = createRoute({
  operationId: "getPreferences",
  method: "get",
  path: "/api/me/preferences",
  tags,
  summary: "The caller's own preferences (the interface language)",
  security: secured,
  responses: { 200: json(Preferences, "The caller's preferences"), ...errors() },
});

export const updatePreferences = createRoute({
  operationId: "updatePreferences",
  method: "put",
  path: "/api/me/preferences",
  tags,
  summary: "Set the caller's own preferences",
  description: "The language applies to the dashboard at once and to the e-mails the user receives (alerts, reminders, digests, password resets).",
  security: secured,
  request: { body: jsonBody(Preferences) },
  responses: { 200: json(Preferences, "Saved"), ...errors(400, 415) },
});

const setupTags = ["First start"];

export const setupStatus = createRoute({
  operationId: "setupStatus",
  method: "get",
  path: "/setup",
  tags: setupTags,
  summary: "Whether the first admin still has to be created (no Token, not counted)",
  security: noToken,
  responses: {
    200: json(SetupStatus, "needed is true on a database without any user"),
    400: json(ErrorBody, "Malformed request (an address that is not valid percent-encoding)"),
  },
});

export const setup = createRoute({
  operationId: "setup",
  method: "post",
  path: "/setup",
  tags: setupTags,
  summary: "Create the first account and its admin, and log in (only while no user exists)",
  security: noToken,
  description: "No Token. Once any user exists this answers 409, so it cannot be used to take over an installation.",
  request: { body: jsonBody(SetupRequest) },
  responses: {
    200: json(LoginResponse, "Created and logged in"),
    400: json(ErrorBody, "Malformed body or too short a password"),
    409: json(ErrorBody, "The installation already has users"),
  },
});
