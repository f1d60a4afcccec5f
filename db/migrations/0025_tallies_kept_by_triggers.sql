-- Issue 44: exact running counts kept by statement triggers, in the same transaction as the change
-- they count (db/schema.ts, outbox_tallies and contact_tallies). Each statement appends its net
-- change per key; readers sum; the sweep folds a key's rows into one. Appending never waits on
-- another writer's counter row, so a form's statement never queues behind a broadcast's.

CREATE FUNCTION outbox_tally_of(kind text, payload jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN kind = 'broadcast' THEN (payload->>'broadcastId')::int END $$;
--> statement-breakpoint
CREATE FUNCTION outbox_tally_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox_tallies (broadcast_id, status, n)
  SELECT outbox_tally_of(kind, payload), status, count(*) FROM tally_new GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outbox_tally_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A claim or a lease renewal changes no status: nothing is appended.
  INSERT INTO outbox_tallies (broadcast_id, status, n)
  SELECT broadcast_id, status, sum(n) FROM (
    SELECT outbox_tally_of(kind, payload) AS broadcast_id, status, 1 AS n FROM tally_new
    UNION ALL
    SELECT outbox_tally_of(kind, payload), status, -1 FROM tally_old
  ) changed GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outbox_tally_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox_tallies (broadcast_id, status, n)
  SELECT outbox_tally_of(kind, payload), status, -count(*) FROM tally_old GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_tally_insert AFTER INSERT ON outbox REFERENCING NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tally_insert();
--> statement-breakpoint
CREATE TRIGGER outbox_tally_update AFTER UPDATE ON outbox REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tally_update();
--> statement-breakpoint
CREATE TRIGGER outbox_tally_delete AFTER DELETE ON outbox REFERENCING OLD TABLE AS tally_old
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tally_delete();
--> statement-breakpoint
INSERT INTO outbox_tallies (broadcast_id, status, n)
SELECT outbox_tally_of(kind, payload), status, count(*) FROM outbox GROUP BY 1, 2;
--> statement-breakpoint
-- Contacts: the total (tag null) and each tag's count.
CREATE FUNCTION contact_tally_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_tallies (tag, n)
  SELECT NULL, count(*) FROM tally_new HAVING count(*) > 0
  UNION ALL
  SELECT tag, count(*) FROM tally_new, unnest(tags) AS tag GROUP BY tag;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_tally_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose tags changed can change a count (most updates set a name, a proof or a
  -- suppression): told apart by EXCEPT, which hashes or sorts, never by joining the two
  -- transition tables (which have no index: a nested loop over 20,000 rows took seconds).
  INSERT INTO contact_tallies (tag, n)
  SELECT tag, sum(n) FROM (
    SELECT tag, 1 AS n FROM (SELECT id, tags FROM tally_new EXCEPT ALL SELECT id, tags FROM tally_old) added, unnest(added.tags) AS tag
    UNION ALL
    SELECT tag, -1 FROM (SELECT id, tags FROM tally_old EXCEPT ALL SELECT id, tags FROM tally_new) removed, unnest(removed.tags) AS tag
  ) changed GROUP BY tag HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_tally_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_tallies (tag, n)
  SELECT NULL, -count(*) FROM tally_old HAVING count(*) > 0
  UNION ALL
  SELECT tag, -count(*) FROM tally_old, unnest(tags) AS tag GROUP BY tag;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_tally_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION contact_tally_insert();
--> statement-breakpoint
CREATE TRIGGER contact_tally_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION contact_tally_update();
--> statement-breakpoint
CREATE TRIGGER contact_tally_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS tally_old
  FOR EACH STATEMENT EXECUTE FUNCTION contact_tally_delete();
--> statement-breakpoint
INSERT INTO contact_tallies (tag, n)
SELECT NULL, count(*) FROM contacts HAVING count(*) > 0
UNION ALL
SELECT tag, count(*) FROM contacts, unnest(tags) AS tag GROUP BY tag;
--> statement-breakpoint
-- Broadcast recipients who left after it reached them (the broadcasts page's "bounced" and
-- "unsubscribed"): which of the two an outbox row of a broadcast counts as, given its contact's
-- suppression now, or null.
CREATE FUNCTION broadcast_leaver_of(suppression text, suppressed_at timestamptz, queued_at timestamptz, sent_at timestamptz)
  RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN suppression = 'hard_bounce' AND suppressed_at >= queued_at THEN 'bounced'
    WHEN suppression IN ('unsubscribed', 'complaint') AND sent_at IS NOT NULL AND suppressed_at >= sent_at THEN 'unsubscribed'
  END $$;
--> statement-breakpoint
-- A contact's suppression set, changed or lifted: its broadcast rows counted again under the new
-- state, less under the old. A row trigger whose WHEN is tested in the executor: the many updates
-- of contacts that change neither column (names, tags, proof, an import's 10,000 rows) call nothing.
CREATE FUNCTION broadcast_leaver_contact_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT broadcast_id, kind, sum(n) FROM (
    SELECT (r.payload->>'broadcastId')::int AS broadcast_id, broadcast_leaver_of(NEW.suppression, NEW.suppressed_at, r.created_at, r.sent_at) AS kind, 1 AS n
    FROM outbox r WHERE r.kind = 'broadcast' AND (r.payload->>'contactId')::int = NEW.id AND TG_OP = 'UPDATE'
    UNION ALL
    SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(OLD.suppression, OLD.suppressed_at, r.created_at, r.sent_at), -1
    FROM outbox r WHERE r.kind = 'broadcast' AND (r.payload->>'contactId')::int = OLD.id
  ) changed WHERE kind IS NOT NULL GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A broadcast row written, sent (sent_at) or removed while its contact is suppressed.
CREATE FUNCTION broadcast_leaver_outbox_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at), count(*)
  FROM tally_new r JOIN contacts c ON c.id = (r.payload->>'contactId')::int AND c.suppression IS NOT NULL
  WHERE r.kind = 'broadcast' AND broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at) IS NOT NULL
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION broadcast_leaver_outbox_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A broadcast row sent (or its times changed) while its contact is suppressed: counted again.
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT broadcast_id, kind, sum(n) FROM (
    SELECT (NEW.payload->>'broadcastId')::int AS broadcast_id, broadcast_leaver_of(c.suppression, c.suppressed_at, NEW.created_at, NEW.sent_at) AS kind, 1 AS n
    FROM contacts c WHERE c.id = (NEW.payload->>'contactId')::int AND c.suppression IS NOT NULL
    UNION ALL
    SELECT (OLD.payload->>'broadcastId')::int, broadcast_leaver_of(c.suppression, c.suppressed_at, OLD.created_at, OLD.sent_at), -1
    FROM contacts c WHERE c.id = (OLD.payload->>'contactId')::int AND c.suppression IS NOT NULL
  ) changed WHERE kind IS NOT NULL GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION broadcast_leaver_outbox_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at), -count(*)
  FROM tally_old r JOIN contacts c ON c.id = (r.payload->>'contactId')::int AND c.suppression IS NOT NULL
  WHERE r.kind = 'broadcast' AND broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at) IS NOT NULL
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_contact_update AFTER UPDATE OF suppression, suppressed_at ON contacts FOR EACH ROW
  WHEN (OLD.suppression IS DISTINCT FROM NEW.suppression OR OLD.suppressed_at IS DISTINCT FROM NEW.suppressed_at)
  EXECUTE FUNCTION broadcast_leaver_contact_changed();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_contact_delete AFTER DELETE ON contacts FOR EACH ROW
  WHEN (OLD.suppression IS NOT NULL)
  EXECUTE FUNCTION broadcast_leaver_contact_changed();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_outbox_insert AFTER INSERT ON outbox REFERENCING NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_outbox_insert();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_outbox_update AFTER UPDATE OF sent_at, created_at, payload, kind ON outbox FOR EACH ROW
  WHEN ((OLD.kind = 'broadcast' OR NEW.kind = 'broadcast') AND (OLD.sent_at IS DISTINCT FROM NEW.sent_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.payload IS DISTINCT FROM NEW.payload OR OLD.kind IS DISTINCT FROM NEW.kind))
  EXECUTE FUNCTION broadcast_leaver_outbox_changed();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_outbox_delete AFTER DELETE ON outbox REFERENCING OLD TABLE AS tally_old
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_outbox_delete();
--> statement-breakpoint
INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at), count(*)
FROM contacts c JOIN outbox r ON r.kind = 'broadcast' AND (r.payload->>'contactId')::int = c.id
WHERE c.suppression IS NOT NULL AND broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at) IS NOT NULL
GROUP BY 1, 2;
