-- A sign-up's photo is uploaded before the account exists, so its upload had no owner, and a host could make such
-- a photo their own profile photo, then show it on a listing (issue 35, item 20). Sign-up now makes the photo its
-- account's; here the photos of accounts made before are given to the one account that shows each.
UPDATE uploads SET owner_id = (SELECT id FROM users WHERE users.image = uploads.url)
WHERE owner_id IS NULL AND (SELECT count(*) FROM users WHERE users.image = uploads.url) = 1;
