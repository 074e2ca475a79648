-- Every change to an account (role, session version, details) or its removal is announced on the
-- rf_account channel with the account's id, from whichever path made it: each instance ends that
-- account's open event streams if its session no longer holds (src/server/modules/events).
CREATE OR REPLACE FUNCTION rf_notify_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rf_account', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_account AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION rf_notify_account();
