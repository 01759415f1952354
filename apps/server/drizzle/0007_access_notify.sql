-- Every change to who may do what tells the servers' access caches (plugins/access-cache.ts) to
-- forget: one notification per statement, sent at commit. users: only the columns a request's
-- check reads (a login's last_login_at is not one).
CREATE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF username, real_name, status, token_version, role_id, supplier_id ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER roles_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER role_powers_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_powers FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER powers_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON powers FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER interfaces_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interfaces FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_tokens FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
