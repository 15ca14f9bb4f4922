CREATE TABLE "call_spenders" (
	"account_id" integer NOT NULL,
	"spender" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "call_spenders_account_id_spender_pk" PRIMARY KEY("account_id","spender")
);
--> statement-breakpoint
CREATE TABLE "person_calls" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_spenders" ADD CONSTRAINT "call_spenders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_calls" ADD CONSTRAINT "person_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;