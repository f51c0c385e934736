-- A salon's brand colour (the console's Appearance, the admin API's brand_colour): `#rrggbb` in
-- lower case, or NULL for the theme's own colours. The page derives each theme's links, buttons
-- and their states from it (themes/brand.ts), so the colour kept is the one the salon chose.
ALTER TABLE salons ADD COLUMN brand_colour TEXT
  CHECK (brand_colour IS NULL OR (length(brand_colour) = 7 AND brand_colour GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'));
