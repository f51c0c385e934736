-- Two-way texts (docs/messaging.md "Replies"): clients answer by text, staff answer from the
-- console's Inbox, and a freed time is offered to the waitlist by text.

-- The first database: which salon texted each number last (every salon sends from the same
-- number, so a reply goes to the salon that texted that phone most recently).
CREATE TABLE text_routes (
  phone     TEXT PRIMARY KEY, -- E.164
  salon_id  INTEGER NOT NULL,
  texted_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The first database: each incoming text once, by Twilio's MessageSid. A replayed webhook finds
-- its row and answers the same TwiML without doing anything again.
CREATE TABLE inbound_texts (
  message_sid TEXT PRIMARY KEY,
  salon_id    INTEGER,
  answer      TEXT, -- the TwiML answered (NULL while the first delivery is being handled)
  received_at INTEGER NOT NULL
) WITHOUT ROWID;

-- A phone that texted STOP (or another opt-out word) to a salon: no texts from it until START.
CREATE TABLE text_opt_outs (
  salon_id     INTEGER NOT NULL REFERENCES salons(id),
  phone        TEXT NOT NULL, -- E.164
  opted_out_at INTEGER NOT NULL,
  PRIMARY KEY (salon_id, phone)
) WITHOUT ROWID;

-- The Inbox: one thread per salon and phone, every text both ways. `id` is random (it travels in
-- the console's addresses and names no phone).
CREATE TABLE text_threads (
  id        TEXT PRIMARY KEY,
  salon_id  INTEGER NOT NULL REFERENCES salons(id),
  phone     TEXT NOT NULL,
  last_at   INTEGER NOT NULL,
  unread    INTEGER NOT NULL DEFAULT 0,
  UNIQUE (salon_id, phone)
);
CREATE INDEX text_threads_recent ON text_threads(salon_id, last_at);

CREATE TABLE text_messages (
  thread_id  TEXT NOT NULL REFERENCES text_threads(id),
  salon_id   INTEGER NOT NULL,
  direction  TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  body       TEXT NOT NULL,
  -- an outgoing text's message key (its delivery status in message_deliveries); an incoming
  -- one's 'in-{MessageSid}'
  key        TEXT NOT NULL UNIQUE,
  staff_name TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX text_messages_thread ON text_messages(thread_id, created_at);

-- The waitlist fills itself: how long each offer waits before the next entry is offered.
ALTER TABLE salons ADD COLUMN waitlist_offer_minutes INTEGER NOT NULL DEFAULT 15
  CHECK (waitlist_offer_minutes BETWEEN 5 AND 240);

-- One offer of a freed time to one waitlist entry. The claim link's token is kept as its SHA-256.
-- outcome: 'offered' (waiting), 'claimed' (booked), 'passed' (its time ran out; the next was
-- offered), 'gone' (another took the time). `freed_*` is the time that freed, `position` the
-- entry's place in the line (its order of joining).
CREATE TABLE waitlist_offers (
  token_sha256   TEXT PRIMARY KEY,
  salon_id       INTEGER NOT NULL REFERENCES salons(id),
  entry_id       INTEGER NOT NULL REFERENCES appointments(id),
  freed_from     INTEGER NOT NULL REFERENCES appointments(id),
  stylist_id     INTEGER NOT NULL,
  start_at       INTEGER NOT NULL,
  end_at         INTEGER NOT NULL,
  position       INTEGER NOT NULL,
  offered_at     INTEGER NOT NULL,
  expires_at     INTEGER NOT NULL,
  outcome        TEXT NOT NULL DEFAULT 'offered' CHECK (outcome IN ('offered', 'claimed', 'passed', 'gone')),
  booked_id      INTEGER,
  UNIQUE (freed_from, start_at, entry_id)
) WITHOUT ROWID;
CREATE INDEX waitlist_offers_entry ON waitlist_offers(entry_id);
CREATE INDEX waitlist_offers_open ON waitlist_offers(salon_id, outcome, expires_at);
