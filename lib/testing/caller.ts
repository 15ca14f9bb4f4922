import type { Caller } from "@/lib/service/context";

/** An admin of the account, for child processes that call domain functions directly. */
export const adminCaller = (accountId: number): Caller => ({
  accountId,
  userId: 0,
  email: "",
  role: "admin",
  tokenId: 0,
  tokenKind: "session",
  countedUsers: 1,
});
