// Account and scorecard administration: npm run cli -- <command> ...
import { readFile } from "node:fs/promises";
import { loadConfig } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { DEMO_EMAIL } from "@/lib/db/demo";
import { importScorecardFile, seedDemo } from "@/lib/service/admin";
import { createAccount } from "@/lib/service/domain/accounts";

const USAGE = `Usage: npm run cli -- <command>
  add-account <email> <password>                 create an account
  import-scorecard <file.json> --owner <email>   import a scorecard file (format: README.md)
  seed-demo                                      load the demo account and scorecards`;

async function main(argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    switch (command) {
      case "add-account": {
        const [email, password] = args;
        if (!email || !password) throw new Error(USAGE);
        const id = await createAccount(database.db, email, password);
        return `Created account ${id} for ${email.trim().toLowerCase()}`;
      }
      case "import-scorecard": {
        const ownerAt = args.indexOf("--owner");
        const file = args.find((a, i) => i !== ownerAt && i !== ownerAt + 1);
        const owner = ownerAt >= 0 ? args[ownerAt + 1] : undefined;
        if (!file || !owner) throw new Error(USAGE);
        const json: unknown = JSON.parse(await readFile(file, "utf8"));
        const id = await importScorecardFile(database.db, json, owner);
        return `Imported scorecard ${id} for ${owner}`;
      }
      case "seed-demo":
        return (await seedDemo(database.db)) ? `Loaded the demo for ${DEMO_EMAIL}` : `The demo account ${DEMO_EMAIL} already exists`;
      default:
        throw new Error(USAGE);
    }
  } finally {
    await database.close();
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
