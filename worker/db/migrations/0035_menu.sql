-- The salon's menu from the console (issue 48): each category and service has a version (its
-- ETag; a change names it in If-Match), and a service with appointments is archived rather than
-- deleted, so its appointments keep its name. A category whose services are all archived is
-- archived when removed.
ALTER TABLE service_categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE service_categories ADD COLUMN archived_at INTEGER;
ALTER TABLE services ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE services ADD COLUMN archived_at INTEGER;
