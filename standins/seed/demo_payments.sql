-- The demo client's paid deposit (the upcoming booking 'demo-upcoming-deposit' of
-- worker/db/seed/demo.sql: £13.00, 20 % of £65.00, authorised and captured), so cancelling it
-- refunds offline. Idempotent (INSERT OR IGNORE).
INSERT OR IGNORE INTO stripe_payment_intents (id, customer, created, revision, object, internal)
VALUES ('pi_DemoJamieRiversDeposit01', NULL, 1767225600, 'demo0000revision', json('{
  "id": "pi_DemoJamieRiversDeposit01", "object": "payment_intent", "amount": 1300, "amount_capturable": 0,
  "amount_details": {"tip": {}}, "amount_received": 1300, "application": null, "application_fee_amount": null,
  "automatic_payment_methods": null, "canceled_at": null, "cancellation_reason": null, "capture_method": "manual",
  "client_secret": "pi_DemoJamieRiversDeposit01_secret_DemoSecretNotForUse0000001", "confirmation_method": "automatic",
  "created": 1767225600, "currency": "gbp", "customer": null, "description": null, "last_payment_error": null,
  "latest_charge": null, "livemode": false, "metadata": {"demo_booking": "demo-upcoming-deposit"}, "next_action": null,
  "on_behalf_of": null, "payment_method": "pm_card_visa", "payment_method_configuration_details": null,
  "payment_method_options": {"card": {"installments": null, "mandate_options": null, "network": null, "request_three_d_secure": "automatic"}},
  "payment_method_types": ["card"], "processing": null, "receipt_email": null, "review": null, "setup_future_usage": null,
  "shipping": null, "source": null, "statement_descriptor": null, "statement_descriptor_suffix": null, "status": "succeeded",
  "transfer_data": null, "transfer_group": null}'), '{}');
