CREATE TABLE "sso_domain_claims" (
	"domain" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"proven_by" text NOT NULL,
	"proven_by_user_id" integer,
	"proven_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "email_verified_claim" text DEFAULT 'required' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_domain_claims" ADD CONSTRAINT "sso_domain_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domain_claims" ADD CONSTRAINT "sso_domain_claims_proven_by_user_id_users_id_fk" FOREIGN KEY ("proven_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A domain in which someone of the account has already signed in through its provider is proven so.
INSERT INTO "sso_domain_claims" ("domain", "account_id", "proven_by", "proven_by_user_id", "proven_at")
SELECT DISTINCT ON (d.domain) d.domain, c.account_id, 'sign-in', u.id, now()
FROM "sso_configs" c
CROSS JOIN LATERAL jsonb_array_elements_text(c.domains) AS d(domain)
JOIN "users" u ON u.account_id = c.account_id AND u.sso_issuer = c.issuer AND u.sso_subject IS NOT NULL
  AND lower(split_part(u.email, '@', 2)) = d.domain
ORDER BY d.domain, u.id
ON CONFLICT DO NOTHING;
