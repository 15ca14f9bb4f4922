import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, type JWK } from "jose";
import Provider from "oidc-provider";

/** What the provider says about a person who signs in with a given login name. */
export interface ProviderPerson {
  email?: string;
  /** "not sent": the claim is left out, as Entra ID does. */
  email_verified?: boolean | "not sent";
  groups?: string[];
}

/**
 * A real OpenID provider (the oidc-provider package) on loopback, with one confidential client.
 * Anyone signs in with any login name through its own login and consent pages; `people` says
 * which claims a login name gets (else its e-mail is the login name, verified). `tamperNextIdToken`
 * rewrites the next ID token the token endpoint answers, signed again with the provider's own key,
 * to stand for a token issued to another client, expired, or for another sign-in.
 */
export async function startOidcProvider({
  redirectUris,
  port = 0,
  people = {},
}: {
  redirectUris: string[];
  port?: number;
  people?: Record<string, ProviderPerson>;
}) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { client_id: "gauge-test", client_secret: "a client secret for the test provider" };
  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    scopes: ["openid", "email", "profile", "groups"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const verified = people[id]?.email_verified ?? true;
        return { sub: id, email: people[id]?.email ?? id, ...(verified === "not sent" ? {} : { email_verified: verified }), groups: people[id]?.groups ?? [] };
      },
    }),
  });
  provider.proxy = false;
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  const handle = provider.callback();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (tamper && request.method === "POST" && request.url?.startsWith("/token")) {
      const rewrite = tamper;
      tamper = null;
      const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
      response.end = ((chunk?: unknown) => {
        const answer = JSON.parse(String(chunk)) as { id_token?: string };
        if (!answer.id_token) return end(chunk);
        const claims = rewrite(decodeJwt(answer.id_token) as Record<string, unknown>);
        void new SignJWT(claims)
          .setProtectedHeader(decodeProtectedHeader(answer.id_token) as { alg: string; kid?: string })
          .sign(privateKey)
          .then((idToken) => {
            const body = JSON.stringify({ ...answer, id_token: idToken });
            response.setHeader("Content-Length", Buffer.byteLength(body));
            end(body);
          });
        return response;
      }) as typeof response.end;
    }
    void handle(request, response);
  });

  /**
   * Goes through the provider's pages as a browser would (cookies kept, its login and consent
   * forms posted) from the authorization URL to the redirect back: the callback URL it ends on.
   */
  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let hop = 0; hop < 20; hop++) {
      if (!url.href.startsWith(issuer)) return url;
      const answer = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const eq = pair!.indexOf("=");
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = answer.headers.get("location");
      if (location) {
        url = new URL(location, url);
        init = {};
        continue;
      }
      const html = await answer.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`The provider's page has no form (${answer.status}): ${html.slice(0, 300)}`);
      const form: Record<string, string> = html.includes('name="login"') ? { prompt: "login", login, password: "any" } : { prompt: "consent" };
      url = new URL(action.replaceAll("&amp;", "&"), url);
      init = { method: "POST", body: new URLSearchParams(form).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    }
    throw new Error("The sign-in did not come back");
  }

  return {
    issuer,
    ...client,
    signIn,
    tamperNextIdToken(rewrite: (claims: Record<string, unknown>) => Record<string, unknown>) {
      tamper = rewrite;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
