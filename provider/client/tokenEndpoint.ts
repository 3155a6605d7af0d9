/**
 * The OAuth token endpoint calls (same origin, outside the API root): issue a token with the
 * client credentials grant, revoke it on close. The transport provides `post`, which sends one
 * form POST through its retry loop; oauth.ts holds the caching rules.
 */
import { missingTokenError } from "./failures";
import type { IssuedToken, OAuthExchange } from "./oauth";
import type { CallContext, HttpExchange } from "./request";
import type { Secret } from "./secrets";

/** One form POST with Basic credentials, retried like any call; resolves with the 2xx answer. */
export type FormPost = (request: {
  operation: string;
  path: string;
  authorization: string;
  form: string;
}) => Promise<{ exchange: HttpExchange; context: CallContext }>;

const TOKEN_PATH = "/api/oauth/token";
const REVOKE_PATH = "/api/oauth/revoke";
/** Lifetime assumed when the server does not say (expires_in missing or not positive). */
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

function basicAuth(clientId: string, clientSecret: Secret): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret.reveal())}`).toString("base64")}`;
}

/** The token exchange of one service account. */
export function tokenEndpoint(post: FormPost, clientId: string, clientSecret: Secret): OAuthExchange {
  return {
    async issue(): Promise<IssuedToken> {
      const { exchange, context } = await post({
        operation: "Requesting an access token for the service account",
        path: TOKEN_PATH,
        authorization: basicAuth(clientId, clientSecret),
        form: "grant_type=client_credentials",
      });
      let parsed: unknown;
      try {
        parsed = JSON.parse(exchange.text);
      } catch {
        parsed = undefined;
      }
      const record = (parsed ?? {}) as { access_token?: unknown; expires_in?: unknown };
      if (typeof record.access_token !== "string" || record.access_token === "") {
        throw missingTokenError(context, exchange);
      }
      const expiresIn =
        typeof record.expires_in === "number" && record.expires_in > 0
          ? record.expires_in
          : DEFAULT_EXPIRES_IN_SECONDS;
      return { accessToken: record.access_token, expiresInSeconds: expiresIn };
    },
    async revoke(token: string): Promise<void> {
      await post({
        operation: "Revoking the service account's access token",
        path: REVOKE_PATH,
        authorization: basicAuth(clientId, clientSecret),
        form: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
      });
    },
  };
}
