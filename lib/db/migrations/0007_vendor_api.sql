CREATE TABLE "initiatives" (
	"guid" uuid PRIMARY KEY NOT NULL,
	"kpi_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"initiative_type" text NOT NULL,
	"show_on_map" boolean DEFAULT false NOT NULL,
	"budget" double precision,
	"actual_budget" double precision,
	"currency" text DEFAULT '' NOT NULL,
	"duration" double precision,
	"duration_unit" text DEFAULT '' NOT NULL,
	"interval_start" date,
	"interval_end" date,
	"author_id" integer,
	"responsible" text DEFAULT '[]' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_links" (
	"scorecard_id" integer NOT NULL,
	"from_guid" uuid NOT NULL,
	"to_guid" uuid NOT NULL,
	CONSTRAINT "map_links_scorecard_id_from_guid_to_guid_pk" PRIMARY KEY("scorecard_id","from_guid","to_guid")
);
--> statement-breakpoint
ALTER TABLE "kpi_values" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "alias" text;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "guid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "icon" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_kpi_guid_kpis_guid_fk" FOREIGN KEY ("kpi_guid") REFERENCES "public"."kpis"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_links" ADD CONSTRAINT "map_links_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_links" ADD CONSTRAINT "map_links_from_guid_kpis_guid_fk" FOREIGN KEY ("from_guid") REFERENCES "public"."kpis"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_links" ADD CONSTRAINT "map_links_to_guid_kpis_guid_fk" FOREIGN KEY ("to_guid") REFERENCES "public"."kpis"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "initiatives_kpi_idx" ON "initiatives" USING btree ("kpi_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "scorecards_alias_idx" ON "scorecards" USING btree ("account_id","alias");