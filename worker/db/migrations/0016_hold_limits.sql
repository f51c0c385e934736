-- Bounds on what holds can take (issue 16: 12 anonymous hold requests from rotated addresses took a
-- day from 28 bookable times to 3, renewable every 10 minutes).
--  * A hold belongs to the browser that took it (`browser`: the SHA-256 of its hold cookie, set by the
--    edge) and, once the client has logged in, to that client (`client_id`). A browser or a client keeps
--    one live hold: a new one replaces it in the same batch. Releasing a hold needs its id and browser.
--  * A salon's live anonymous holds (client_id NULL) are capped by `max_anonymous_holds`; the
--    database refuses the one beyond the cap in the INSERT itself, so simultaneous requests cannot
--    pass it together. Beyond the cap the journey goes on without a hold (the booking's own INSERT
--    still refuses a double booking). Expired holds are deleted earlier in the same batch.
ALTER TABLE holds ADD COLUMN browser TEXT;
ALTER TABLE holds ADD COLUMN client_id TEXT;
ALTER TABLE holds ADD COLUMN created_at INTEGER;
CREATE INDEX holds_browser ON holds(browser);
CREATE INDEX holds_client ON holds(client_id) WHERE client_id IS NOT NULL;
CREATE INDEX holds_salon_anonymous ON holds(salon_id) WHERE client_id IS NULL;

ALTER TABLE salons ADD COLUMN max_anonymous_holds INTEGER NOT NULL DEFAULT 3
  CHECK (max_anonymous_holds BETWEEN 0 AND 100);

CREATE TRIGGER holds_anonymous_cap BEFORE INSERT ON holds
WHEN NEW.client_id IS NULL AND NEW.created_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'anonymous_hold_cap')
  WHERE (SELECT COUNT(*) FROM holds h WHERE h.salon_id = NEW.salon_id AND h.client_id IS NULL AND h.expires_at > NEW.created_at)
     >= (SELECT max_anonymous_holds FROM salons WHERE id = NEW.salon_id);
END;
