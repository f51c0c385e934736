-- A Web Push service, offline (standins/src/push/): the browser-like subscriptions it minted (with
-- the private key and auth secret a browser would keep), and every push it accepted, decrypted,
-- for tests to read.
CREATE TABLE push_subscriptions (
  id              TEXT PRIMARY KEY,
  -- the user agent's ECDH key pair (JWK of the private key) and auth secret (base64url)
  private_jwk     TEXT NOT NULL,
  public_key      TEXT NOT NULL,
  auth            TEXT NOT NULL,
  -- the applicationServerKey it was made with (base64url), or null: any VAPID key
  server_key      TEXT,
  -- what the next pushes are answered, for tests (410: gone; 429, 500: try again); null: accepted
  answer          INTEGER,
  created_at      INTEGER NOT NULL
);

CREATE TABLE push_messages (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id TEXT NOT NULL,
  ttl             INTEGER NOT NULL,
  urgency         TEXT NOT NULL,
  topic           TEXT,
  -- the VAPID JWT's claims and key, as verified
  aud             TEXT NOT NULL,
  sub             TEXT NOT NULL,
  vapid_key       TEXT NOT NULL,
  -- the decrypted payload (UTF-8)
  payload         TEXT NOT NULL,
  received_at     INTEGER NOT NULL
);
CREATE INDEX push_messages_subscription ON push_messages(subscription_id, id);
