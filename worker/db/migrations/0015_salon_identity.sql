-- The salon's identity (issue 17): an uploaded logo and cover image, set opening hours, and a
-- photo per stylist. An image is JSON {"key": "<sha-256>.<ext>", "width": .., "height": ..}: the
-- key of its bytes in the MEDIA bucket (R2), served at /media/{key}; NULL when there is none.
-- opening_hours is JSON, seven lists of {"open": "09:00", "close": "17:30"} from Sunday (weekday 0);
-- NULL: the hours are derived from the stylists' working hours.
ALTER TABLE salons ADD COLUMN logo TEXT;
ALTER TABLE salons ADD COLUMN cover TEXT;
ALTER TABLE salons ADD COLUMN opening_hours TEXT;
ALTER TABLE stylists ADD COLUMN photo TEXT;
