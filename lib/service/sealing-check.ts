import "server-only";
import { isNotNull } from "drizzle-orm";
import { connectors, ssoConfigs, users } from "@/lib/db/schema";
import type { Deps } from "./context";
import { CONNECTOR_SEAL_PURPOSE } from "./connectors/secrets";
import { SSO_SEAL_PURPOSE } from "./sign-in/sso-provider";
import { TOTP_SEAL_PURPOSE } from "./sign-in/two-factor";
import { openText } from "./sealed-text";

/**
 * Whether this server's secrets open what the database holds sealed (a connector's credentials,
 * a two-factor key, an SSO client secret): one sample of each. A database restored or shared
 * without the secrets it was sealed with would fail at each first use, one person at a time; the
 * start says which secret to bring instead. Null when every sample opens (or there is none).
 */
export async function sealingProblem(deps: Deps): Promise<string | null> {
  const [connector] = await deps.db.select({ sealed: connectors.source }).from(connectors).where(isNotNull(connectors.source)).limit(1);
  const [user] = await deps.db.select({ sealed: users.totpSecret }).from(users).where(isNotNull(users.totpSecret)).limit(1);
  const [sso] = await deps.db.select({ sealed: ssoConfigs.clientSecret }).from(ssoConfigs).limit(1);
  const samples = [
    {
      sealed: connector?.sealed,
      secret: deps.config.connectors?.secret,
      purpose: CONNECTOR_SEAL_PURPOSE,
      name: "CONNECTOR_SECRET",
      what: "connector credentials",
    },
    { sealed: user?.sealed, secret: deps.config.signInSecret, purpose: TOTP_SEAL_PURPOSE, name: "SIGN_IN_SECRET", what: "two-factor keys" },
    { sealed: sso?.sealed, secret: deps.config.signInSecret, purpose: SSO_SEAL_PURPOSE, name: "SIGN_IN_SECRET", what: "single sign-on settings" },
  ];
  for (const { sealed, secret, purpose, name, what } of samples) {
    if (!sealed || !secret) continue;
    if (openText(secret, purpose, sealed) === null) {
      return `The database's ${what} are sealed with another ${name} than this server's: set ${name} (or ${name}_FILE) to the one of the installation the data comes from (without DATABASE_URL it was kept in that installation's DATA_DIR as ${name.toLowerCase().replaceAll("_", "-")})`;
    }
  }
  return null;
}
