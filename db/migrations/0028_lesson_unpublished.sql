ALTER TABLE "lessons" ADD COLUMN "unpublished_at" timestamp with time zone;
