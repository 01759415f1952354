-- Every change to a table that an answer kept in memory was read from tells the servers'
-- caches (db/table-cache.ts) to forget those answers: one notification per statement and table
-- (the payload), sent at commit. files: only a tender's own documents (a bid's attachment is
-- no part of a tender's view, and a deadline's uploads would empty the caches for nothing).
CREATE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenders_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER amendments_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON amendments FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER participations_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON participations FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER tender_invitations_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tender_invitations FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER suppliers_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON suppliers FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER users_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER roles_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER files_data_changed_insert AFTER INSERT ON files FOR EACH ROW WHEN (NEW.owner_type = 'tender') EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER files_data_changed_update AFTER UPDATE ON files FOR EACH ROW WHEN (OLD.owner_type = 'tender' OR NEW.owner_type = 'tender') EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER files_data_changed_delete AFTER DELETE ON files FOR EACH ROW WHEN (OLD.owner_type = 'tender') EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER files_data_changed_truncate AFTER TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
