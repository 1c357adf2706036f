-- The curriculum files as last loaded (issue 53): a start whose lesson files, facts and loader are
-- unchanged skips reading and comparing them. One row; it holds no learner data.
CREATE TABLE "curriculum_loads" (
	"id" integer PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
