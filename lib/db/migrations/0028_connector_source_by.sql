ALTER TABLE "connectors" ADD COLUMN "source_by_id" integer;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_source_by_id_users_id_fk" FOREIGN KEY ("source_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "connectors" SET "source_by_id" = "owner_id" WHERE "source" IS NOT NULL;