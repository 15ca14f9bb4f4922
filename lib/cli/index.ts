// Account and scorecard administration: npm run cli -- <command> ...
import { resolve } from "node:path";
import { loadConfig } from "@/lib/config";
import { DatabaseLockedError, openDatabase } from "@/lib/db/client";
import { sendToServer } from "@/lib/service/admin-channel";
import { runAdminCommand } from "@/lib/service/admin-commands";
import { watchOptions, watchRead } from "./watch";

async function main(argv: string[]): Promise<string> {
  // A client of the API over HTTP, like any script: it needs no database.
  if (argv[0] === "watch") {
    const tally = await watchRead(watchOptions(argv.slice(1), { GAUGE_TOKEN: process.env.GAUGE_TOKEN }));
    return `${tally.changed} new, ${tally.unchanged} unchanged (not counted), ${tally.limited} at the limit`;
  }
  // A running server may write the file: it gets the path as the caller means it (the one argument that is neither a flag nor a flag's
  // value), from the folder the caller stood in: npm runs scripts in the project's folder and names the caller's in INIT_CWD.
  const base = process.env.INIT_CWD ?? process.cwd();
  if (argv[0] === "backup" || argv[0] === "restore")
    argv = argv.map((arg, i) => (i > 0 && !arg.startsWith("--") && !argv[i - 1]!.startsWith("--") ? resolve(base, arg) : arg));
  const config = loadConfig();
  // A running server holds the embedded database: it runs the command for us.
  if (!config.DATABASE_URL) {
    const answer = await sendToServer(config.DATA_DIR, argv);
    if (answer !== null) return answer;
  }
  try {
    const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
    try {
      return await runAdminCommand(database.db, argv);
    } finally {
      await database.close();
    }
  } catch (error) {
    // The server may have started meanwhile.
    if (!(error instanceof DatabaseLockedError)) throw error;
    const answer = await sendToServer(config.DATA_DIR, argv);
    if (answer === null) throw error;
    return answer;
  }
}

main(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: Error) => {
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    console.error(issues ? issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n") : error.message);
    process.exitCode = 1;
  },
);
