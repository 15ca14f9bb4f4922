import "server-only";
import { readFile } from "node:fs/promises";
import { Role } from "@/lib/contract/people";
import type { Db } from "@/lib/db/client";
import { DEMO_EMAIL } from "@/lib/db/demo";
import { importScorecardFile, seedDemo } from "./admin";
import { addUser, createAccount, findAccountId } from "./domain/accounts";
import { clearTwoFactorOf, resetPasswordOf } from "./sign-in/recovery";
import { WATCH_USAGE } from "@/lib/cli/watch";
import { backup, restore } from "@/lib/db/backup";

export const USAGE = `Usage: npm run cli -- <command>
  add-account <email> <password>                       create an account with its first admin
  add-user <email> <password> --to <member e-mail> [--role admin|expert|viewer]
                                                       add a person to the account of an existing user (default: expert)
  import-scorecard <file.json> --owner <email>         import a scorecard file (format: docs/administration.md)
  seed-demo                                            load the demo account and scorecards
  backup <file> [--account <member e-mail>]            write every account (or the one of that member), with its history, to one file
                                                       (while the server runs)
  restore <file>                                       load a backup into an empty database (a new DATA_DIR, or DATABASE_URL)
  reset-password <email> <new password>                set a person's password and end their sessions (no mail needed)
  clear-two-factor <email>                             turn a person's two-factor codes off and end their sessions
${WATCH_USAGE}
Works while the server runs: with the embedded database, the command is handed to the server.`;

const summary = (counts: Record<string, number>) =>
  ["accounts", "users", "scorecards", "kpis", "kpi_values", "value_revisions"].map((t) => `${counts[t] ?? 0} ${t.replace("_", " ")}`).join(", ");

/** The value after `--flag`, and the arguments without the flag and its value. */
function option(args: string[], flag: string): [string | undefined, string[]] {
  const at = args.indexOf(flag);
  return at < 0 ? [undefined, args] : [args[at + 1], args.filter((_, i) => i !== at && i !== at + 1)];
}

/** Runs one administration command on an open database; the answer is one line for the terminal. */
export async function runAdminCommand(db: Db, argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  switch (command) {
    case "add-account": {
      const [email, password] = args;
      if (!email || !password) throw new Error(USAGE);
      const id = await createAccount(db, email, password);
      return `Created account ${id} for ${email.trim().toLowerCase()}`;
    }
    case "add-user": {
      const [member, rest] = option(args, "--to");
      const [role = "expert", positional] = option(rest, "--role");
      const [email, password] = positional;
      if (!email || !password || !member) throw new Error(USAGE);
      const accountId = await findAccountId(db, member);
      if (!accountId) throw new Error(`No user ${member}`);
      const id = await addUser(db, accountId, email, password, Role.parse(role));
      return `Added user ${id} (${role}) ${email.trim().toLowerCase()} to the account of ${member}`;
    }
    case "import-scorecard": {
      const [owner, positional] = option(args, "--owner");
      const [file] = positional;
      if (!file || !owner) throw new Error(USAGE);
      const json: unknown = JSON.parse(await readFile(file, "utf8"));
      const id = await importScorecardFile(db, json, owner);
      return `Imported scorecard ${id} for ${owner}`;
    }
    case "backup": {
      const [member, [file]] = option(args, "--account");
      if (!file || (args.includes("--account") && !member)) throw new Error(USAGE);
      const account = member === undefined ? undefined : await findAccountId(db, member);
      if (account === null) throw new Error(`No user ${member}`);
      const counts = await backup(db, file, { account });
      return `Backed up ${summary(counts)} to ${file}`;
    }
    case "restore": {
      const [file] = args;
      if (!file) throw new Error(USAGE);
      const counts = await restore(db, file);
      return `Restored ${summary(counts)} from ${file}`;
    }
    case "reset-password": {
      const [email, password] = args;
      if (!email || !password) throw new Error(USAGE);
      return `Set a new password for ${await resetPasswordOf(db, email, password)}; their sessions ended`;
    }
    case "clear-two-factor": {
      const [email] = args;
      if (!email) throw new Error(USAGE);
      return `Turned two-factor codes off for ${await clearTwoFactorOf(db, email)}; their sessions ended`;
    }
    case "seed-demo":
      return (await seedDemo(db)) ? `Loaded the demo for ${DEMO_EMAIL}` : `The demo account ${DEMO_EMAIL} already exists`;
    default:
      throw new Error(USAGE);
  }
}
