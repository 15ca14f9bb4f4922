CREATE TABLE "dashboard_reads" (
	"scope" text NOT NULL,
	"id" text NOT NULL,
	"value" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dashboard_reads_scope_id_pk" PRIMARY KEY("scope","id")
);
