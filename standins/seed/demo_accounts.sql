-- The demo salons' connected accounts (Stripe Connect): Willow & Co Islington (salon 1) and
-- Shoreditch (salon 2) have finished onboarding and can take payments, as worker/db/seed/demo.sql
-- records them; Brooklyn Barber Co. (salon 3) has none. Idempotent (INSERT OR IGNORE).
INSERT OR IGNORE INTO stripe_accounts (id, customer, created, revision, object, internal) VALUES
('acct_DemoWillowIslington', NULL, 1767225600, 'demo0000revision', json('{
  "id": "acct_DemoWillowIslington", "object": "account", "business_profile": {"name": "Willow & Co Islington", "url": "https://willow-demo.test"},
  "business_type": "individual", "capabilities": {"card_payments": "active", "transfers": "active"}, "charges_enabled": true,
  "country": "GB", "created": 1767225600, "default_currency": "gbp", "details_submitted": true, "email": "hello@willow-demo.test",
  "metadata": {"salon_id": "1"}, "payouts_enabled": true,
  "requirements": {"alternatives": [], "current_deadline": null, "currently_due": [], "disabled_reason": null, "errors": [],
    "eventually_due": [], "past_due": [], "pending_verification": []}, "type": "express"}'), '{}'),
('acct_DemoWillowShoreditch', NULL, 1767225600, 'demo0000revision', json('{
  "id": "acct_DemoWillowShoreditch", "object": "account", "business_profile": {"name": "Willow & Co Shoreditch", "url": null},
  "business_type": "individual", "capabilities": {"card_payments": "active", "transfers": "active"}, "charges_enabled": true,
  "country": "GB", "created": 1767225600, "default_currency": "gbp", "details_submitted": true, "email": "shoreditch@willow-demo.test",
  "metadata": {"salon_id": "2"}, "payouts_enabled": true,
  "requirements": {"alternatives": [], "current_deadline": null, "currently_due": [], "disabled_reason": null, "errors": [],
    "eventually_due": [], "past_due": [], "pending_verification": []}, "type": "express"}'), '{}');
