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
  -- Only rows whose tags changed can change a count (most updates set a name, a proof or a suppression).
  INSERT INTO contact_tallies (tag, n)
  SELECT tag, sum(n) FROM (
    SELECT tag, 1 AS n FROM tally_new, unnest(tags) AS tag
    UNION ALL
    SELECT tag, -1 FROM tally_old, unnest(tags) AS tag
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
-- state, less under the old. Most updates of contacts (names, tags, proof) change neither column
-- and read no outbox row.
CREATE FUNCTION broadcast_leaver_contacts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT broadcast_id, kind, sum(n) FROM (
    SELECT (r.payload->>'broadcastId')::int AS broadcast_id, broadcast_leaver_of(ch.new_s, ch.new_at, r.created_at, r.sent_at) AS kind, 1 AS n
    FROM (
      SELECT nw.id, nw.suppression AS new_s, nw.suppressed_at AS new_at, od.suppression AS old_s, od.suppressed_at AS old_at
      FROM tally_new nw JOIN tally_old od ON od.id = nw.id
      WHERE (nw.suppression, nw.suppressed_at) IS DISTINCT FROM (od.suppression, od.suppressed_at)
    ) ch JOIN outbox r ON r.kind = 'broadcast' AND (r.payload->>'contactId')::int = ch.id
    UNION ALL
    SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(ch.old_s, ch.old_at, r.created_at, r.sent_at), -1
    FROM (
      SELECT nw.id, od.suppression AS old_s, od.suppressed_at AS old_at
      FROM tally_new nw JOIN tally_old od ON od.id = nw.id
      WHERE (nw.suppression, nw.suppressed_at) IS DISTINCT FROM (od.suppression, od.suppressed_at)
    ) ch JOIN outbox r ON r.kind = 'broadcast' AND (r.payload->>'contactId')::int = ch.id
  ) changed WHERE kind IS NOT NULL GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION broadcast_leaver_contacts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(od.suppression, od.suppressed_at, r.created_at, r.sent_at), -count(*)
  FROM tally_old od JOIN outbox r ON r.kind = 'broadcast' AND (r.payload->>'contactId')::int = od.id
  WHERE od.suppression IS NOT NULL AND broadcast_leaver_of(od.suppression, od.suppressed_at, r.created_at, r.sent_at) IS NOT NULL
  GROUP BY 1, 2;
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
CREATE FUNCTION broadcast_leaver_outbox_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose times, kind or payload changed (a claim or an outcome with no send time changes none).
  INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
  SELECT broadcast_id, kind, sum(n) FROM (
    SELECT (r.payload->>'broadcastId')::int AS broadcast_id, broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at) AS kind, r.n
    FROM (
      SELECT nw.kind AS row_kind, nw.payload, nw.created_at, nw.sent_at, 1 AS n FROM tally_new nw JOIN tally_old od ON od.id = nw.id
      WHERE (nw.kind, nw.payload, nw.created_at, nw.sent_at) IS DISTINCT FROM (od.kind, od.payload, od.created_at, od.sent_at)
      UNION ALL
      SELECT od.kind, od.payload, od.created_at, od.sent_at, -1 FROM tally_new nw JOIN tally_old od ON od.id = nw.id
      WHERE (nw.kind, nw.payload, nw.created_at, nw.sent_at) IS DISTINCT FROM (od.kind, od.payload, od.created_at, od.sent_at)
    ) r JOIN contacts c ON c.id = (r.payload->>'contactId')::int AND c.suppression IS NOT NULL
    WHERE r.row_kind = 'broadcast'
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
CREATE TRIGGER broadcast_leaver_contacts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_contacts_update();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_contacts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS tally_old
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_contacts_delete();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_outbox_insert AFTER INSERT ON outbox REFERENCING NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_outbox_insert();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_outbox_update AFTER UPDATE ON outbox REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_outbox_update();
--> statement-breakpoint
CREATE TRIGGER broadcast_leaver_outbox_delete AFTER DELETE ON outbox REFERENCING OLD TABLE AS tally_old
  FOR EACH STATEMENT EXECUTE FUNCTION broadcast_leaver_outbox_delete();
--> statement-breakpoint
INSERT INTO broadcast_leaver_tallies (broadcast_id, kind, n)
SELECT (r.payload->>'broadcastId')::int, broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at), count(*)
FROM contacts c JOIN outbox r ON r.kind = 'broadcast' AND (r.payload->>'contactId')::int = c.id
WHERE c.suppression IS NOT NULL AND broadcast_leaver_of(c.suppression, c.suppressed_at, r.created_at, r.sent_at) IS NOT NULL
GROUP BY 1, 2;
