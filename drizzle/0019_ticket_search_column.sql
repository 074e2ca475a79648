-- The admins' ticket search (DECISIONS.md §7.5) reads one column, tickets.search: the description and
-- the customer's name, email and phone digits, lower-cased, with one trigram index. It replaces a
-- union of two indexes (the description's, the users' search text) whose answer PostgreSQL could only
-- sort in full: 770 ms for the newest 20 of 36,000 matches at 100,000 tickets. With one column the
-- planner weighs the match against the date order itself (and walks the newest tickets first when
-- many match). The database keeps it true: the triggers below, on the ticket and on its customer.
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
DROP INDEX "tickets_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The phone by its digits alone, so "98765 43210", "+919876543210" and "9876543210" find one number.
-- A space first, so every word that follows a space (the description's first one too) can be matched
-- by its start: `like '% me%'`, which a query of one or two characters uses (it has no trigram of its
-- own; pg_trgm takes " me" and "  m" from the space before it).
CREATE OR REPLACE FUNCTION rf_ticket_search_text(description text, name text, email text, phone text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || lower(description || ' ' || name || ' ' || email || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))
$$;
--> statement-breakpoint
UPDATE "tickets" t SET "search" = rf_ticket_search_text(t."description", u."name", u."email", u."phone")
  FROM "users" u WHERE u."id" = t."user_id";--> statement-breakpoint
-- A ticket written (or its description, customer or search text changed): its search text from its customer now.
CREATE OR REPLACE FUNCTION rf_ticket_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT rf_ticket_search_text(NEW.description, u.name, u.email, u.phone) INTO NEW.search
    FROM users u WHERE u.id = NEW.user_id;
  NEW.search := coalesce(NEW.search, lower(NEW.description));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_search BEFORE INSERT OR UPDATE OF description, user_id, search ON tickets
  FOR EACH ROW EXECUTE FUNCTION rf_ticket_search();--> statement-breakpoint
-- A customer renamed, or with a new email or phone: their tickets are found by the new ones.
CREATE OR REPLACE FUNCTION rf_customer_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets SET search = rf_ticket_search_text(description, NEW.name, NEW.email, NEW.phone)
    WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_search AFTER UPDATE OF name, email, phone ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION rf_customer_search();--> statement-breakpoint
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING gin ("search" gin_trgm_ops);
