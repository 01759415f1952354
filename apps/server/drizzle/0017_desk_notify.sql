-- get-sheet's answers are kept in memory (modules/evaluation/sheet-cache.ts) until a table the
-- desk reads changes: these triggers announce the desk's tables that announced nothing yet
-- (tenders, lots and suppliers do since 0012 and 0013), on data_changed, at commit.
CREATE TRIGGER committee_members_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON committee_members FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER experts_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON experts FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER opening_records_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON opening_records FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER evaluation_reports_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON evaluation_reports FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER evaluation_sheets_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON evaluation_sheets FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER clarifications_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clarifications FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER bonds_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bonds FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
-- Bids: only those a desk shows (opened at the opening, then rejected, won or lost). A bid
-- saved before the deadline announces nothing: no desk shows it, and a commit that notifies
-- waits for every other notifying commit (PostgreSQL's notification queue lock), which the
-- deadline's burst of bids must not.
CREATE TRIGGER bids_data_changed_insert AFTER INSERT ON bids FOR EACH ROW WHEN (NEW.status IN ('opened', 'rejected', 'won', 'lost')) EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER bids_data_changed_update AFTER UPDATE ON bids FOR EACH ROW WHEN (OLD.status IN ('opened', 'rejected', 'won', 'lost') OR NEW.status IN ('opened', 'rejected', 'won', 'lost')) EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER bids_data_changed_delete AFTER DELETE ON bids FOR EACH ROW WHEN (OLD.status IN ('opened', 'rejected', 'won', 'lost')) EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER bids_data_changed_truncate AFTER TRUNCATE ON bids FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
-- Under a name of their own, for what 'files' and 'users' do not say (or say too often).
CREATE FUNCTION notify_data_changed_as() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A bid's files ('files' announces only a tender's): a file already a bid's changes at the
-- opening (decrypted, its real size) or when the seal key is rotated. Attaching a new upload
-- to a bid happens before the deadline, when no desk shows the bid (and its bids row changes).
CREATE TRIGGER files_bid_data_changed_update AFTER UPDATE ON files FOR EACH ROW WHEN (OLD.owner_type = 'bid') EXECUTE FUNCTION notify_data_changed_as('bid_files');
--> statement-breakpoint
CREATE TRIGGER files_bid_data_changed_delete AFTER DELETE ON files FOR EACH ROW WHEN (OLD.owner_type = 'bid') EXECUTE FUNCTION notify_data_changed_as('bid_files');
--> statement-breakpoint
CREATE TRIGGER files_bid_data_changed_truncate AFTER TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed_as('bid_files');
--> statement-breakpoint
-- A member's name ('users' announces every login too): a new user sits nowhere until
-- committee_members says so.
CREATE TRIGGER users_names_data_changed AFTER DELETE OR TRUNCATE OR UPDATE OF real_name ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed_as('user_names');
